/**
 * The pieces of a second factor that hold no state: the TOTP secret sealed at rest (AES-256-GCM under a key
 * derived from JWT_SECRET, so that a copy of the database alone does not yield the codes), TOTP codes checked
 * by `otpauth` (RFC 6238: SHA-1, 6 digits, 30 s, one step of drift either way) and the recovery codes.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@sewablast/contract/two-factor-text';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Sewablast';
const PERIOD = 30;

export interface SecretBox {
  seal(secret: string): string;
  /** The secret, or null when it was sealed under another JWT_SECRET (or is damaged). */
  open(sealed: string): string | null;
}

export function createSecretBox(jwtSecret: Uint8Array): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'sewablast', 'totp-secret', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv = '', tag = '', body = ''] = sealed.split('.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD });
}

export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step of a right code (so that it is accepted once), or null. */
export function totpStep(secret: string | null, code: string, now = Date.now()): number | null {
  if (secret === null || !/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** No look-alikes: the codes are written down and typed back. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), written `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as typed (dashes, spaces and case aside) to its stored hash. */
export function recoveryHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

/** A random bearer value (a challenge) and the hash kept of it. */
export function newChallengeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: challengeHash(token) };
}

export function challengeHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
