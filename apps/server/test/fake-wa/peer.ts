/**
 * A WhatsApp user's device as the endpoint plays it: its Signal keys (Baileys' own initAuthCreds) handed out
 * as a bundle, and Baileys' own Signal repository to decrypt what the session sends it and to encrypt what
 * it writes back.
 */
import {
  addTransactionCapability,
  type BinaryNode,
  Curve,
  DEFAULT_CONNECTION_CONFIG,
  encodeBigEndian,
  encodeWAMessage,
  initAuthCreds,
  KEY_BUNDLE_TYPE,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
  unpadRandomMax16,
} from 'baileys';
import { pino } from 'pino';

const silent = pino({ level: 'silent' });

function memoryKeys(): SignalKeyStore {
  const data = new Map<string, unknown>();
  return {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const found: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const value = data.get(`${type}:${id}`);
        if (value !== undefined) found[id] = value as SignalDataTypeMap[T];
      }
      return found;
    },
    set: async (set: SignalDataSet) => {
      for (const [type, values] of Object.entries(set)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          if (value) data.set(`${type}:${id}`, value);
          else data.delete(`${type}:${id}`);
        }
      }
    },
  };
}

/** A device's published keys, as the session uploads them or a bundle carries them. */
export interface Bundle {
  registrationId: number;
  identity: Uint8Array;
  signedPreKey: { keyId: number; publicKey: Uint8Array; signature: Uint8Array };
  preKey?: { keyId: number; publicKey: Uint8Array };
}

export class Peer {
  readonly creds = initAuthCreds();
  private readonly keys = addTransactionCapability(memoryKeys(), silent, {
    maxCommitRetries: 1,
    delayBetweenTriesMs: 0,
  });
  private readonly signal = DEFAULT_CONNECTION_CONFIG.makeSignalRepository(
    { creds: this.creds, keys: this.keys },
    silent,
    async () => [],
  );
  private nextPreKeyId = 1;

  get registrationId() {
    return this.creds.registrationId;
  }

  /** The `user` entry of an `encrypt` key-fetch answer: identity, signed pre-key and a new one-time pre-key. */
  async bundle(jid: string): Promise<BinaryNode> {
    const preKey = Curve.generateKeyPair();
    const preKeyId = this.nextPreKeyId++;
    await this.keys.set({ 'pre-key': { [preKeyId]: preKey } });
    const { keyId, keyPair, signature } = this.creds.signedPreKey;
    return {
      tag: 'user',
      attrs: { jid },
      content: [
        { tag: 'registration', attrs: {}, content: encodeBigEndian(this.registrationId) },
        { tag: 'type', attrs: {}, content: KEY_BUNDLE_TYPE },
        { tag: 'identity', attrs: {}, content: this.creds.signedIdentityKey.public },
        {
          tag: 'skey',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: encodeBigEndian(keyId, 3) },
            { tag: 'value', attrs: {}, content: keyPair.public },
            { tag: 'signature', attrs: {}, content: signature },
          ],
        },
        {
          tag: 'key',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: encodeBigEndian(preKeyId, 3) },
            { tag: 'value', attrs: {}, content: preKey.public },
          ],
        },
      ],
    };
  }

  /** The message a device `from` encrypted for this one (an `enc` node's type and bytes). */
  async decrypt(from: string, type: 'pkmsg' | 'msg', ciphertext: Uint8Array) {
    const plaintext = await this.signal.decryptMessage({ jid: from, type, ciphertext });
    return proto.Message.decode(unpadRandomMax16(plaintext));
  }

  /** Encrypts a message for device `to`, starting a session from its published keys the first time. */
  async encrypt(to: string, bundle: Bundle, message: proto.IMessage) {
    if (!(await this.signal.validateSession(to)).exists) {
      await this.signal.injectE2ESession({
        jid: to,
        session: {
          registrationId: bundle.registrationId,
          identityKey: Buffer.concat([KEY_BUNDLE_TYPE, bundle.identity]),
          signedPreKey: {
            ...bundle.signedPreKey,
            publicKey: Buffer.concat([KEY_BUNDLE_TYPE, bundle.signedPreKey.publicKey]),
          },
          ...(bundle.preKey
            ? { preKey: { ...bundle.preKey, publicKey: Buffer.concat([KEY_BUNDLE_TYPE, bundle.preKey.publicKey]) } }
            : {}),
        },
      });
    }
    return this.signal.encryptMessage({ jid: to, data: encodeWAMessage(message) });
  }
}
