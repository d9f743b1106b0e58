/** Two-factor tests' shared steps: calls from addresses of their own, codes of a secret, a user with 2FA on. */
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

type Headers = Record<string, string>;
let address = 0;
export const nextAddress = () => `10.88.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

export function client(app: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object, from?: string) =>
    app.app.inject({ method, url, headers, remoteAddress: from ?? nextAddress(), ...(payload ? { payload } : {}) });
  return {
    call,
    login: (email: string, password = 'secret123', extra: object = {}, from?: string) =>
      call('POST', '/api/auth/login', {}, { email, password, ...extra }, from),
    second: (challenge: string, code: string, extra: object = {}, from?: string) =>
      call('POST', '/api/auth/login/two-factor', {}, { challenge, code, ...extra }, from),
  };
}

/** The code of the step `offset` steps from now (the server accepts one step of drift either way). */
export const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

/** A fresh user with a second factor on; the set-up spent the previous step's code. */
export async function withTwoFactor(app: TestApp, role: 'member' | 'staff' | 'admin' | 'dev' = 'member') {
  const signedIn = await app.loginAs(role);
  const { call } = client(app);
  const setup = await call('POST', '/api/auth/two-factor/setup', signedIn.headers, { current_password: 'secret123' });
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Sewablast:/);
  // The last step's code must reach the server before the step ends, or it is two steps old there.
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 2_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  const enabled = await call('POST', '/api/auth/two-factor/enable', signedIn.headers, { code: codeOf(secret, -1) });
  expect(enabled.statusCode).toBe(200);
  return { ...signedIn, secret, recovery: enabled.json().recovery_codes as string[] };
}
