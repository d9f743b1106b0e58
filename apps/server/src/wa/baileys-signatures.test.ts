/** Baileys' signature check, as the driver leaves it (baileys-signatures.ts); the handshake and pairing tests are in baileys-endpoint.test.ts. */
import * as baileys from 'baileys';
import { describe, expect, it } from 'vitest';
import { checkSignatures } from './baileys-signatures.ts';

describe("Baileys' Curve.verify", () => {
  it('accepts a signature of the key it names and refuses any other, once the driver checks them', async () => {
    const signer = baileys.Curve.generateKeyPair();
    const other = baileys.Curve.generateKeyPair();
    const message = Buffer.from('WhatsAppLongTerm1');
    const signature = baileys.Curve.sign(signer.private, message);
    // What Baileys 7.0.0-rc14 does by itself: any well-formed signature passes.
    expect(baileys.Curve.verify(other.public, message, signature)).toBe(true);
    await checkSignatures(baileys);
    expect(baileys.Curve.verify(signer.public, message, signature)).toBe(true);
    expect(baileys.Curve.verify(other.public, message, signature)).toBe(false);
    expect(baileys.Curve.verify(signer.public, Buffer.from('something else'), signature)).toBe(false);
    expect(baileys.Curve.verify(signer.public, message, Buffer.alloc(3))).toBe(false);
  });
});
