/**
 * Linking by pairing code as the phone and WhatsApp play it (Baileys' requestPairingCode and its
 * `link_code_companion_reg` handler, read from the other end): the companion announced its ephemeral key
 * wrapped with the 8-character code; the member types the code on the phone, which unwraps that key, wraps
 * its own, and pushes it with its identity key; the companion answers with a key bundle only the right code
 * opens, from which both derive the ADV secret that the `pair-success` is then signed with.
 */
import { randomBytes } from 'node:crypto';
import {
  aesDecryptCTR,
  aesDecryptGCM,
  aesEncryptCTR,
  type BinaryNode,
  Curve,
  derivePairingCodeKey,
  hkdf,
} from 'baileys';
import type { WaConnection } from './connection.ts';
import { childOf, type Phone, type Qr } from './phone.ts';

const linkCode = (node: BinaryNode, stage: string) => {
  const reg = node.tag === 'iq' ? childOf(node, 'link_code_companion_reg') : undefined;
  return reg?.attrs.stage === stage ? reg : undefined;
};
const bytesOf = (node: BinaryNode | undefined) => {
  if (!(node?.content instanceof Uint8Array)) throw new Error(`${node?.tag ?? 'a part'} missing from the link code`);
  return Buffer.from(node.content);
};

/** Whether `node` is a companion's `companion_hello`, asking to be linked to `number` by a code. */
export const isCompanionHello = (node: BinaryNode, number: string) =>
  linkCode(node, 'companion_hello')?.attrs.jid === `${number}@s.whatsapp.net`;

/** Unwraps (or wraps) a key the way both ends do: salt (32), IV (16), AES-CTR under the code's PBKDF2 key. */
async function unwrap(code: string, wrapped: Buffer) {
  const key = await derivePairingCodeKey(code, wrapped.subarray(0, 32));
  return aesDecryptCTR(wrapped.subarray(48, 80), key, wrapped.subarray(32, 48));
}
async function wrap(code: string, publicKey: Uint8Array) {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  return Buffer.concat([salt, iv, aesEncryptCTR(publicKey, await derivePairingCodeKey(code, salt), iv)]);
}

/**
 * The phone takes the code the member typed: pushes its wrapped ephemeral key, reads the companion's key
 * bundle, and answers the pairing data (`Qr`'s fields, as a scan would have read them) to sign the pairing
 * with. Throws when the bundle does not open: the code was not the one the companion showed.
 */
export async function enterCode(connection: WaConnection, phone: Phone, code: string, id: string): Promise<Qr> {
  const hello = linkCode(await connection.next((node) => isCompanionHello(node, phone.number)), 'companion_hello');
  const companionEphemeral = await unwrap(
    code,
    bytesOf(childOf(hello, 'link_code_pairing_wrapped_companion_ephemeral_pub')),
  );
  const ephemeral = Curve.generateKeyPair();
  const ref = Buffer.from(`code-ref-${id}`);
  connection.send({
    tag: 'notification',
    attrs: { id, type: 'link_code_companion_reg', from: 's.whatsapp.net' },
    content: [
      {
        tag: 'link_code_companion_reg',
        attrs: {},
        content: [
          { tag: 'link_code_pairing_ref', attrs: {}, content: ref },
          { tag: 'primary_identity_pub', attrs: {}, content: Buffer.from(phone.accountKey.public) },
          {
            tag: 'link_code_pairing_wrapped_primary_ephemeral_pub',
            attrs: {},
            content: await wrap(code, ephemeral.public),
          },
        ],
      },
    ],
  });
  const finish = await connection.next((node) => linkCode(node, 'companion_finish') !== undefined);
  const reg = linkCode(finish, 'companion_finish');
  if (!bytesOf(childOf(reg, 'link_code_pairing_ref')).equals(ref)) throw new Error('companion_finish for another ref');
  const bundle = bytesOf(childOf(reg, 'link_code_pairing_wrapped_key_bundle'));
  const shared = Curve.sharedKey(ephemeral.private, companionEphemeral);
  const key = hkdf(shared, 32, { salt: bundle.subarray(0, 32), info: 'link_code_pairing_key_bundle_encryption_key' });
  // A wrong code gave the two ends different shared keys: the bundle's authentication fails here.
  const opened = aesDecryptGCM(bundle.subarray(44), key, bundle.subarray(32, 44), Buffer.alloc(0));
  const identityKey = opened.subarray(0, 32);
  if (!identityKey.equals(bytesOf(childOf(reg, 'companion_identity_public')))) {
    throw new Error('the key bundle names another companion identity');
  }
  const identityShared = Curve.sharedKey(phone.accountKey.private, identityKey);
  const advSecret = hkdf(Buffer.concat([shared, identityShared, opened.subarray(64, 96)]), 32, { info: 'adv_secret' });
  return {
    ref: ref.toString(),
    noiseKey: connection.noiseKey ?? Buffer.alloc(0),
    identityKey: Buffer.from(identityKey),
    advSecret: Buffer.from(advSecret),
  };
}
