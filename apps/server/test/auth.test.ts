import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SIGNUP_GUARD } from '../src/modules/auth/login-guard.ts';
import { createTokenService } from '../src/modules/auth/tokens.ts';
import { buildTestApp, DEV_EMAIL, DEV_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Rina',
  lastName: 'Wati',
  email: 'rina@example.com',
  password: 'rahasia123',
  password2: 'rahasia123',
  agreeToTerms: true,
  ...overrides,
});

const post = (url: string, payload: unknown, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });

describe('POST /api/auth/register', () => {
  it('creates a member with a referral code, lowercased email and trimmed names', async () => {
    const res = await post('/api/auth/register', registration({ email: '  Rina@Example.COM ', firstName: ' Rina ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, msg: SERVER_TEXT.registered });
    const user = await t.services.users.findByEmail('rina@example.com');
    expect(user).toMatchObject({ firstname: 'Rina', role: 'member', referred_by: null });
    expect(user?.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("answers every field's error under the spec's field names", async () => {
    const res = await post('/api/auth/register', {
      firstName: ' ',
      lastName: '',
      email: 'no-at-sign',
      password: 'abc',
      password2: 'abd',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errors: {
        firstName: TEXT.firstNameRequired,
        lastName: TEXT.lastNameRequired,
        email: TEXT.emailInvalid,
        password2: TEXT.passwordMismatch,
        agreeToTerms: TEXT.termsRequired,
      },
    });
  });

  it('asks for the confirmation and the email when they are missing', async () => {
    const res = await post('/api/auth/register', registration({ email: '', password2: '' }));
    expect(res.json().errors).toMatchObject({ email: TEXT.emailRequired, password2: TEXT.password2Required });
  });

  it('refuses a taken email under `email`', async () => {
    const res = await post('/api/auth/register', registration({ email: 'RINA@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      msg: SERVER_TEXT.emailTaken,
      errors: { email: SERVER_TEXT.emailTaken },
    });
  });

  it('tells an address that emails are taken a few times only, then refuses its sign-ups for a while', async () => {
    const address = '10.9.0.1';
    for (let i = 0; i < DEFAULT_SIGNUP_GUARD.max; i++) {
      const res = await post('/api/auth/register', registration(), address);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ email: SERVER_TEXT.emailTaken });
    }
    // Refused whatever the email, taken or not, so the refusal itself tells nothing.
    for (const email of ['rina@example.com', 'orang-baru@example.com']) {
      const locked = await post('/api/auth/register', registration({ email }), address);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ msg: SERVER_TEXT.signupLocked(15) });
    }
    expect(await t.services.users.findByEmail('orang-baru@example.com')).toBeUndefined();
    // Another address signs up as before.
    expect(
      (await post('/api/auth/register', registration({ email: 'orang-baru@example.com' }), '10.9.0.2')).statusCode,
    ).toBe(200);
  });

  it('links a known referral code and reports an unknown one under `referral_code`', async () => {
    const referrer = await t.services.users.findByEmail('rina@example.com');
    const unknown = await post(
      '/api/auth/register',
      registration({ email: 'x@example.com', affiliateCode: 'NOPE1234' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ referral_code: SERVER_TEXT.referralUnknown });
    expect(await t.services.users.findByEmail('x@example.com')).toBeUndefined();

    const known = await post(
      '/api/auth/register',
      registration({ email: 'referred@example.com', affiliateCode: ` ${referrer?.referral_code.toLowerCase()} ` }),
    );
    expect(known.statusCode).toBe(200);
    expect((await t.services.users.findByEmail('referred@example.com'))?.referred_by).toBe(referrer?.id);
  });

  it('never lets a sign-up choose its role', async () => {
    await post('/api/auth/register', registration({ email: 'sneaky@example.com', role: 'dev' }));
    expect((await t.services.users.findByEmail('sneaky@example.com'))?.role).toBe('member');
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token and the user, without the password hash', async () => {
    const res = await post('/api/auth/login', { email: ' Rina@example.com', password: 'rahasia123' }, '10.2.0.1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({ email: 'rina@example.com', role: 'member' });
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('answers 401 with msg for a wrong password or an unknown email', async () => {
    for (const payload of [
      { email: 'rina@example.com', password: 'wrong' },
      { email: 'ghost@example.com', password: 'rahasia123' },
    ]) {
      const res = await post('/api/auth/login', payload, '10.2.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.badCredentials });
    }
  });

  it('requires both fields', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' }, '10.2.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(TEXT.loginRequired);
  });

  it('limits attempts from one address across accounts with a 429 and msg', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/auth/login', { email: `nobody${i}@example.com`, password: 'bad' }, '10.3.0.1');
      codes.push(res.statusCode);
    }
    expect(codes.every((code) => code === 401)).toBe(true);
    const limited = await post('/api/auth/login', { email: DEV_EMAIL, password: DEV_PASSWORD }, '10.3.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ msg: SERVER_TEXT.tooManyRequests });
    const elsewhere = await post('/api/auth/login', { email: DEV_EMAIL, password: DEV_PASSWORD }, '10.3.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses a token verified before once it expires, and never one signed with another key', async () => {
    const claims = { userId: 1, version: 0, sessionId: 1 };
    const tokens = createTokenService(t.jwtSecret, 60);
    const token = await tokens.sign(claims);
    // The clock alone is moved (jose reads it too), so that the token's minute passes at once.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await tokens.verify(token)).toMatchObject(claims);
      // Verified again from memory, until it expires.
      expect(await tokens.verify(token)).toMatchObject(claims);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect(await createTokenService(new TextEncoder().encode('y'.repeat(40))).verify(token)).toBeNull();
  });
});

describe('POST /api/auth/validate', () => {
  it('answers isvalid with the current user for a good token', async () => {
    const { token, user } = await t.loginAs('staff');
    const res = await post('/api/auth/validate', { token }, '10.4.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isvalid: true, user: { id: user.id, role: 'staff' } });
  });

  it('answers 401 isvalid false for a forged, expired or malformed token', async () => {
    const { user } = await t.loginAs('member');
    const claims = { userId: user.id, version: 0, sessionId: 1 };
    const forged = await createTokenService(new TextEncoder().encode('x'.repeat(40))).sign(claims);
    const expired = await createTokenService(t.jwtSecret, -10).sign(claims);
    expect(await createTokenService(t.jwtSecret).verify(await createTokenService(t.jwtSecret).sign(claims))).toEqual({
      ...claims,
      expiresAt: expect.any(Number),
    });
    const [header, payload] = forged.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const token of [forged, expired, 'garbage', unsigned, `${header}.${payload}.`]) {
      const res = await post('/api/auth/validate', { token }, '10.4.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ isvalid: false, msg: SERVER_TEXT.tokenInvalid });
    }
  });
});
