/** Sign-up, sign-in and token validation (spec part 1 §5, §7 Auth; DESIGN §5.2). */

import { verify } from '@node-rs/argon2';
import type { TLoginAnswer, TLoginResponse, TRegisterRequest, TValidateResponse } from '@sewablast/contract/auth';
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { TTwoFactorLoginRequest, TTwoFactorLoginResponse } from '@sewablast/contract/two-factor';
import { badRequest, tooMany, unauthorized } from '../../lib/app-error.ts';
import { toPublicUser, type UserRow, type UserService } from '../users/service.ts';
import type { Authenticate } from './authenticate.ts';
import type { EmailConfirmation } from './email-confirmation.ts';
import type { LoginGuard } from './login-guard.ts';
import type { RememberedDevices } from './remembered-devices.ts';
import { type SessionClient, type SessionService, temporaryPasswordExpired } from './sessions.ts';
import type { TwoFactorService } from './two-factor.ts';

/** Verified against when the email is unknown, so that a miss costs as long as a wrong password. */
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2V3YWJsYXN0ZGVjb3k$0Wk4JYx9b3ZTq0n0CqB2JwR3nq7k1a7cT8Hn7f8m0s0';

export interface AuthDeps {
  users: UserService;
  sessions: SessionService;
  authenticate: Authenticate;
  guard: LoginGuard;
  /** Mails the new member's address a confirmation link when the server mails. */
  confirmation?: Pick<EmailConfirmation, 'required' | 'send'>;
  twoFactor: TwoFactorService;
  devices: RememberedDevices;
}

export function createAuthService({
  users: usersService,
  sessions,
  authenticate,
  guard,
  twoFactor,
  devices,
  confirmation,
}: AuthDeps) {
  /** The user as the dashboard sees them, marked when they must set up their second factor first. */
  const publicUser = (user: UserRow) => ({
    ...toPublicUser(user),
    ...(twoFactor.needsSetup(user) ? { two_factor_setup: true as const } : {}),
  });

  async function signedIn(user: UserRow, client: SessionClient): Promise<TLoginResponse> {
    return {
      token: await sessions.start(user, client),
      user: publicUser(user),
      ...(user.must_change_password ? { must_change_password: true as const } : {}),
    };
  }

  return {
    async register(body: TRegisterRequest): Promise<void> {
      let referredBy: number | null = null;
      if (body.affiliateCode) {
        const referrer = await usersService.findByReferralCode(body.affiliateCode);
        if (!referrer) throw badRequest(SERVER_TEXT.referralUnknown, { referral_code: SERVER_TEXT.referralUnknown });
        referredBy = referrer.id;
      }
      const user = await usersService.create({
        firstname: body.firstName,
        lastname: body.lastName,
        email: body.email,
        password: body.password,
        referred_by: referredBy,
        email_confirmed: !confirmation?.required,
      });
      if (!user.email_confirmed) await confirmation?.send(user);
    },

    /**
     * `client.address` is the client's address as the trusted proxies tell it (TRUST_PROXY); with the user
     * agent it names the new session in the profile's list.
     */
    async login(email: string, password: string, client: SessionClient, deviceToken?: string): Promise<TLoginAnswer> {
      const { address } = client;
      const account = email.trim().toLowerCase();
      const locked = await guard.lockedMinutes(account, address);
      if (locked > 0) throw tooMany(SERVER_TEXT.loginLocked(locked));
      const user = await usersService.findByEmail(account);
      const ok = await verify(user?.password_hash ?? DECOY_HASH, password).catch(() => false);
      if (!user || !ok) {
        await guard.failed(account, address);
        throw unauthorized(SERVER_TEXT.badCredentials);
      }
      // Told only to whoever knows the temporary password: it is theirs, and it no longer opens the account.
      if (user.must_change_password && temporaryPasswordExpired(user)) {
        throw unauthorized(SESSION_TEXT.temporaryExpired);
      }
      // The password alone clears no failures: wrong codes after a right password keep adding up.
      if (twoFactor.enabled(user) && !(await devices.remembered(user, deviceToken))) {
        return { two_factor: true, ...(await twoFactor.challenge(user)) };
      }
      await guard.succeeded(account, address);
      return signedIn(user, client);
    },

    /** The second step: the challenge and a code (or a recovery code) give the token. */
    async loginSecondStep(body: TTwoFactorLoginRequest, client: SessionClient): Promise<TTwoFactorLoginResponse> {
      const user = await twoFactor.complete(body.challenge, body.code, client.address);
      await guard.succeeded(user.email, client.address);
      const deviceToken = body.remember_device ? await devices.remember(user, client) : undefined;
      return { ...(await signedIn(user, client)), ...(deviceToken ? { device_token: deviceToken } : {}) };
    },

    async validate(token: string): Promise<TValidateResponse> {
      const caller = await authenticate(token);
      if (!caller) throw unauthorized(SERVER_TEXT.tokenInvalid);
      return { isvalid: true, user: publicUser(caller.user) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
