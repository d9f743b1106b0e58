/** HS256 tokens with the algorithm, issuer and audience pinned on verify (DESIGN §9). */
import { TOKEN_TTL_SECONDS } from '@sewablast/contract/auth';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sewablast';
const AUDIENCE = 'sewablast-dashboard';
/** Longer than any token this service signs: a longer one is not worth the HMAC. */
const MAX_TOKEN_LENGTH = 2048;
/** Genuine tokens kept verified, the least recently verified forgotten first (a few MB at most). */
const VERIFIED_KEPT = 10_000;

export interface TokenClaims {
  userId: number;
  /** The user's `token_version` when the token was signed; a token older than the user's is void. */
  version: number;
  /** The sign-in session (`user_sessions.id`) the token belongs to: ending it voids the token. */
  sessionId: number;
}

/** A genuine token's claims and when it expires (ms since the epoch): a live socket is closed then. */
export type VerifiedClaims = TokenClaims & { expiresAt: number };

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a genuine, unexpired token, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<VerifiedClaims | null>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds = TOKEN_TTL_SECONDS): TokenService {
  // Imported once: given the bytes, jose imports a key for every sign and verify, and every signed-in request
  // verifies (docs/performance.md, "The CPU of a name's first page").
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // A genuine token's claims, by the token's exact text: a client sends the same token with every request, and its
  // HMAC on the thread pool was a twentieth of a request's CPU. Only a verified token is kept, and only until it
  // expires; whether its session still lives is read on every request all the same (authenticate.ts).
  const verified = new Map<string, VerifiedClaims>();
  const remember = (token: string, claims: VerifiedClaims) => {
    verified.delete(token);
    verified.set(token, claims);
    if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
  };
  return {
    sign: async ({ userId, version, sessionId }) =>
      new SignJWT({ ver: version, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const userId = Number(payload.sub);
        const { ver: version, sid: sessionId, exp } = payload;
        // A token signed before sessions existed carries no session: it is void, and its user signs in again.
        if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(version)) return null;
        if (!Number.isSafeInteger(sessionId) || (sessionId as number) <= 0) return null;
        if (exp === undefined) return null;
        const claims = { userId, version: version as number, sessionId: sessionId as number, expiresAt: exp * 1000 };
        remember(token, claims);
        return { ...claims };
      } catch {
        return null;
      }
    },
  };
}
