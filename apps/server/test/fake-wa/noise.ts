/**
 * WhatsApp's side of the Noise XX handshake (Noise_XX_25519_AESGCM_SHA256, Baileys' Utils/noise-handler.js
 * read from the other end), and the transport that follows it. The server's static key is certified by a
 * chain rooted in a key of this test process, which Baileys trusts only through `trustTestRoot` (trust.ts).
 */
import { aesDecryptGCM, aesEncryptGCM, Curve, hkdf, NOISE_MODE, NOISE_WA_HEADER, proto, sha256 } from 'baileys';

type KeyPair = { private: Uint8Array; public: Uint8Array };

const ivOf = (counter: number) => {
  const iv = Buffer.alloc(12);
  iv.writeUInt32BE(counter, 8);
  return iv;
};

/** The root the test trusts, the intermediate it signs, and the leaf: the server's static key. */
export function certChain(root: KeyPair, serial: number, serverStatic: KeyPair) {
  const intermediate = Curve.generateKeyPair();
  const intermediateDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: serial + 1,
    issuerSerial: serial,
    key: intermediate.public,
  }).finish();
  const leafDetails = proto.CertChain.NoiseCertificate.Details.encode({
    serial: serial + 2,
    issuerSerial: serial + 1,
    key: serverStatic.public,
  }).finish();
  return proto.CertChain.encode({
    intermediate: { details: intermediateDetails, signature: Curve.sign(root.private, intermediateDetails) },
    leaf: { details: leafDetails, signature: Curve.sign(intermediate.private, leafDetails) },
  }).finish();
}

/** One connection's handshake state on the server side, then its transport keys. */
export class ServerNoise {
  private hash: Buffer = Buffer.from(NOISE_MODE);
  private salt: Buffer = this.hash;
  private key: Buffer = this.hash;
  private counter = 0;
  private readonly ephemeral = Curve.generateKeyPair();
  private transport: { enc: Buffer; dec: Buffer; read: number; write: number } | null = null;

  constructor(private readonly serverStatic: KeyPair) {
    this.authenticate(NOISE_WA_HEADER);
  }

  private authenticate(data: Uint8Array) {
    if (!this.transport) this.hash = sha256(Buffer.concat([this.hash, data]));
  }

  private mix(data: Uint8Array) {
    const key = hkdf(Buffer.from(data), 64, { salt: this.salt, info: '' });
    this.salt = Buffer.from(key.subarray(0, 32));
    this.key = Buffer.from(key.subarray(32));
    this.counter = 0;
  }

  private encrypt(plaintext: Uint8Array) {
    const result = aesEncryptGCM(plaintext, this.key, ivOf(this.counter++), this.hash);
    this.authenticate(result);
    return result;
  }

  private decrypt(ciphertext: Uint8Array) {
    const result = aesDecryptGCM(ciphertext, this.key, ivOf(this.counter++), this.hash);
    this.authenticate(ciphertext);
    return result;
  }

  /** The server hello answering the client's ephemeral key: ours, our static key and its certificates. */
  hello(clientEphemeral: Uint8Array, chain: Uint8Array) {
    this.authenticate(clientEphemeral);
    this.authenticate(this.ephemeral.public);
    this.mix(Curve.sharedKey(this.ephemeral.private, clientEphemeral));
    const staticEnc = this.encrypt(this.serverStatic.public);
    this.mix(Curve.sharedKey(this.serverStatic.private, clientEphemeral));
    const payload = this.encrypt(chain);
    return { ephemeral: this.ephemeral.public, static: staticEnc, payload };
  }

  /** Reads the client's finish: its noise key and its ClientPayload; the transport starts after it. */
  finish(finish: proto.HandshakeMessage.IClientFinish) {
    if (!finish.static || !finish.payload) throw new Error('client finish without static key or payload');
    const noiseKey = this.decrypt(finish.static);
    this.mix(Curve.sharedKey(this.ephemeral.private, noiseKey));
    const payload = proto.ClientPayload.decode(this.decrypt(finish.payload));
    const key = hkdf(Buffer.alloc(0), 64, { salt: this.salt, info: '' });
    // The client writes with the first half and reads with the second.
    this.transport = { dec: Buffer.from(key.subarray(0, 32)), enc: Buffer.from(key.subarray(32)), read: 0, write: 0 };
    return { noiseKey, payload };
  }

  seal(plaintext: Uint8Array) {
    if (!this.transport) throw new Error('transport not ready');
    return aesEncryptGCM(plaintext, this.transport.enc, ivOf(this.transport.write++), Buffer.alloc(0));
  }

  open(ciphertext: Uint8Array) {
    if (!this.transport) throw new Error('transport not ready');
    return aesDecryptGCM(ciphertext, this.transport.dec, ivOf(this.transport.read++), Buffer.alloc(0));
  }
}
