import type { Role } from '@sewablast/contract/roles';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, requireActor, requireRole } from '../src/http/auth.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const ROLES: Role[] = ['member', 'staff', 'admin', 'dev'];

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('requireRole', () => {
  it.each([
    [['admin', 'dev'] as Role[], { member: 403, staff: 403, admin: 200, dev: 200 }],
    [['dev', 'admin', 'staff'] as Role[], { member: 403, staff: 200, admin: 200, dev: 200 }],
    [['dev'] as Role[], { member: 403, staff: 403, admin: 403, dev: 200 }],
  ])('lets only %j through', async (allowed, expected) => {
    const url = `/api/guard-probe-${allowed.join('-')}`;
    const probe = await buildTestApp({
      routes: (app) =>
        app.get(url, { preHandler: requireRole(...allowed) }, async (request) => ({ id: requireActor(request).id })),
    });
    try {
      for (const role of ROLES) {
        const { user, headers } = await probe.loginAs(role);
        const res = await probe.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, role).toBe(expected[role]);
        if (res.statusCode === 200) expect(res.json()).toEqual({ id: user.id });
        else expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
      }
      const anonymous = await probe.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ msg: TEXT.tokenMissing });
    } finally {
      await probe.close();
    }
  });
});

describe('bearerToken', () => {
  it('reads only a well-formed bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});

describe('the signed-in hook', () => {
  it('records when a user was last seen', async () => {
    const { user, headers } = await t.loginAs('member');
    expect((await t.services.users.findById(user.id))?.last_seen_at).toBeNull();
    await t.app.inject({ method: 'GET', url: `/api/admin/users/${user.id}`, headers });
    expect((await t.services.users.findById(user.id))?.last_seen_at).toBeInstanceOf(Date);
  });
});
