/**
 * The member's phone: the WhatsApp account a companion links to. It reads a QR code as the phone's camera
 * would (the companion's noise key, identity key and ADV secret), signs the companion's identity with the
 * account key, and checks the companion's counter-signature, as WhatsApp's ADV pairing does.
 */
import { type BinaryNode, Curve, hmacSign, proto } from 'baileys';
import type { Bundle } from './peer.ts';

export interface Qr {
  ref: string;
  noiseKey: Buffer;
  identityKey: Buffer;
  advSecret: Buffer;
}

export function readQr(qr: string): Qr {
  const [ref, noiseKey, identityKey, advSecret] = qr.slice(qr.indexOf('#') + 1).split(',');
  if (!ref || !noiseKey || !identityKey || !advSecret) throw new Error(`not a linking QR: ${qr}`);
  return {
    ref,
    noiseKey: Buffer.from(noiseKey, 'base64'),
    identityKey: Buffer.from(identityKey, 'base64'),
    advSecret: Buffer.from(advSecret, 'base64'),
  };
}

export interface LinkedDevice {
  device: number;
  identityKey: Buffer;
  keyIndex: number;
  /** The keys it uploaded after its first login, and the one-time pre-keys not handed out yet. */
  keys: Omit<Bundle, 'preKey'> | null;
  preKeys: NonNullable<Bundle['preKey']>[];
}

export class Phone {
  readonly accountKey = Curve.generateKeyPair();
  readonly devices: LinkedDevice[] = [];
  private keyIndex = 0;

  constructor(
    /** The account's phone number, digits only. */
    readonly number: string,
    /** The account's LID user. */
    readonly lid: string,
    readonly name = 'Toko Sewa',
  ) {}

  get jid() {
    return `${this.number}@s.whatsapp.net`;
  }

  /** The `pair-success` frame that links the companion whose QR this is, as device `device` of the account. */
  pairSuccess(qr: Qr, device: number, id: string, { forged = false } = {}): BinaryNode {
    this.keyIndex += 1;
    const details = proto.ADVDeviceIdentity.encode({
      rawId: 0x5e5a,
      timestamp: Math.floor(Date.now() / 1000),
      keyIndex: this.keyIndex,
    }).finish();
    // A forged pairing signs with a key that is not the account's, which it still names.
    const accountSignature = Curve.sign(
      forged ? Curve.generateKeyPair().private : this.accountKey.private,
      Buffer.concat([Buffer.from([6, 0]), details, qr.identityKey]),
    );
    const signed = proto.ADVSignedDeviceIdentity.encode({
      details,
      accountSignatureKey: this.accountKey.public,
      accountSignature,
    }).finish();
    const identity = proto.ADVSignedDeviceIdentityHMAC.encode({
      details: signed,
      hmac: hmacSign(signed, qr.advSecret),
    }).finish();
    return {
      tag: 'iq',
      attrs: { id, type: 'set', from: 's.whatsapp.net', t: String(Math.floor(Date.now() / 1000)) },
      content: [
        {
          tag: 'pair-success',
          attrs: {},
          content: [
            { tag: 'device-identity', attrs: {}, content: identity },
            { tag: 'platform', attrs: { name: 'android' } },
            {
              tag: 'device',
              attrs: { jid: `${this.number}:${device}@s.whatsapp.net`, lid: `${this.lid}:${device}@lid` },
            },
          ],
        },
      ],
    };
  }

  /**
   * Checks the companion's answer to `pair-success`: its signature over the account's, made with the
   * identity key its QR showed. A device that signs is linked.
   */
  confirm(qr: Qr, device: number, reply: BinaryNode) {
    const sign = childOf(childOf(reply, 'pair-device-sign'), 'device-identity');
    if (!(sign?.content instanceof Uint8Array)) throw new Error('pair-success answered without a device identity');
    const signed = proto.ADVSignedDeviceIdentity.decode(sign.content);
    const message = Buffer.concat([
      Buffer.from([6, 1]),
      signed.details ?? Buffer.alloc(0),
      qr.identityKey,
      this.accountKey.public,
    ]);
    if (!signed.deviceSignature || !Curve.verify(qr.identityKey, message, signed.deviceSignature)) {
      throw new Error('the companion did not sign its device identity');
    }
    this.devices.push({
      device,
      identityKey: qr.identityKey,
      keyIndex: Number(sign.attrs['key-index']),
      keys: null,
      preKeys: [],
    });
  }

  linked(device: number | undefined) {
    return this.devices.find((linked) => linked.device === device);
  }
}

export function childOf(node: BinaryNode | undefined, tag: string) {
  return Array.isArray(node?.content) ? node.content.find((child) => child.tag === tag) : undefined;
}

export function childrenOf(node: BinaryNode | undefined, tag: string) {
  return Array.isArray(node?.content) ? node.content.filter((child) => child.tag === tag) : [];
}
