/**
 * Baileys 7.0.0-rc14's `Curve.verify` answers true for any well-formed signature: libsignal's
 * `verifySignature` returns false for a bad one instead of throwing, and Baileys reads only a throw. Through
 * it Baileys checks the certificate chain of WhatsApp's server in the Noise handshake and the account's
 * signature when a device is paired, so neither was checked: anything between the session and WhatsApp (a
 * proxy among them) could pose as WhatsApp's server and, for one, tell the session it was logged out or
 * banned. The driver puts a verify in its place that reads libsignal's answer, as whatsmeow checks both.
 */
type BaileysModule = typeof import('baileys');
type Verify = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;

/** Loaded with Baileys, never before: the simulator loads neither. */
export async function checkSignatures(lib: BaileysModule) {
  const { verifySignature } = (await import('libsignal/src/curve.js')) as { verifySignature: Verify };
  lib.Curve.verify = (publicKey, message, signature) => {
    try {
      return verifySignature(lib.generateSignalPubKey(publicKey), message, signature) === true;
    } catch {
      return false;
    }
  };
}
