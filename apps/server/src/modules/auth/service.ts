/** Sign-up, sign-in and token validation (spec part 1 §5, §7 Auth; DESIGN §5.2). */

import { verify } from '@node-rs/argon2';
import type { TLoginResponse, TRegisterRequest, TValidateResponse } from '@sewablast/contract/auth';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { badRequest, unauthorized } from '../../lib/app-error.ts';
import { toPublicUser, type UserService } from '../users/service.ts';
import type { TokenService } from './tokens.ts';

/** Verified against when the email is unknown, so that a miss costs as long as a wrong password. */
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2V3YWJsYXN0ZGVjb3k$0Wk4JYx9b3ZTq0n0CqB2JwR3nq7k1a7cT8Hn7f8m0s0';

export function createAuthService(usersService: UserService, tokens: TokenService) {
  return {
    async register(body: TRegisterRequest): Promise<void> {
      let referredBy: number | null = null;
      if (body.affiliateCode) {
        const referrer = await usersService.findByReferralCode(body.affiliateCode);
        if (!referrer) throw badRequest(SERVER_TEXT.referralUnknown, { referral_code: SERVER_TEXT.referralUnknown });
        referredBy = referrer.id;
      }
      await usersService.create({
        firstname: body.firstName,
        lastname: body.lastName,
        email: body.email,
        password: body.password,
        referred_by: referredBy,
      });
    },

    async login(email: string, password: string): Promise<TLoginResponse> {
      const user = await usersService.findByEmail(email);
      const ok = await verify(user?.password_hash ?? DECOY_HASH, password).catch(() => false);
      if (!user || !ok) throw unauthorized(SERVER_TEXT.badCredentials);
      await usersService.touch(user.id);
      return { token: await tokens.sign(user.id), user: toPublicUser(user) };
    },

    async validate(token: string): Promise<TValidateResponse> {
      const id = await tokens.verify(token);
      const user = id === null ? undefined : await usersService.findById(id);
      if (!user) throw unauthorized(SERVER_TEXT.tokenInvalid);
      return { isvalid: true, user: toPublicUser(user) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
