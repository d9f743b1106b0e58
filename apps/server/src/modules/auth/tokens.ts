/** HS256 tokens with the algorithm, issuer and audience pinned on verify (DESIGN §9). */
import { TOKEN_TTL_SECONDS } from '@sewablast/contract/auth';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sewablast';
const AUDIENCE = 'sewablast-dashboard';
/** Longer than any token this service signs: a longer one is not worth the HMAC. */
const MAX_TOKEN_LENGTH = 2048;

export interface TokenClaims {
  userId: number;
  /** The user's `token_version` when the token was signed; a token older than the user's is void. */
  version: number;
}

export interface TokenService {
  sign(userId: number, version?: number): Promise<string>;
  /** The claims of a genuine, unexpired token, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds = TOKEN_TTL_SECONDS): TokenService {
  return {
    sign: (userId, version = 0) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const userId = Number(payload.sub);
        const version = payload.ver ?? 0;
        if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(version)) return null;
        return { userId, version: version as number };
      } catch {
        return null;
      }
    },
  };
}
