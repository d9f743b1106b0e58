/** HS256 tokens with the algorithm, issuer and audience pinned on verify (DESIGN §9). */
import { TOKEN_TTL_SECONDS } from '@sewablast/contract/auth';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sewablast';
const AUDIENCE = 'sewablast-dashboard';

export interface TokenService {
  sign(userId: number): Promise<string>;
  /** The user id the token names, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<number | null>;
}

export function createTokenService(secret: Uint8Array, ttlSeconds = TOKEN_TTL_SECONDS): TokenService {
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}
