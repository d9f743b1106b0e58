/**
 * Where a manager reaches a back-office user's second factor: the list of staff, admins and devs, each with
 * whether 2FA is on and whether the caller may reset it, and the reset from that list.
 */
import type { TBackOfficeUser } from '@sewablast/contract/two-factor';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './harness.ts';
import { client, withTwoFactor } from './two-factor-helpers.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const { call, login } = client(t);
const list = async (headers: Record<string, string>, search: string) => {
  const res = await call('GET', `/api/admin/users/back-office-per-page?search=${encodeURIComponent(search)}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as TBackOfficeUser[];
};

describe('the back-office list', () => {
  it('lists staff, admins and devs (never members) with their second factor and who may reset it', async () => {
    const staff = await withTwoFactor(t, 'staff');
    const plainStaff = await t.loginAs('staff');
    const dev = await withTwoFactor(t, 'dev');
    const member = await t.loginAs('member');
    const admin = await t.loginAs('admin');
    const seen = await list(admin.headers, '');
    const byId = new Map(seen.map((row) => [row.id, row]));
    expect(byId.has(member.user.id)).toBe(false);
    expect(byId.get(staff.user.id)).toMatchObject({
      email: staff.user.email,
      role: 'staff',
      two_factor: true,
      two_factor_resettable: true,
    });
    expect(byId.get(plainStaff.user.id)).toMatchObject({ two_factor: false, two_factor_resettable: false });
    // An admin may not reset a dev's; a dev may, but not their own.
    expect(byId.get(dev.user.id)).toMatchObject({ role: 'dev', two_factor: true, two_factor_resettable: false });
    const asDev = new Map((await list(dev.headers, '')).map((row) => [row.id, row]));
    expect(asDev.get(staff.user.id)?.two_factor_resettable).toBe(true);
    expect(asDev.get(dev.user.id)?.two_factor_resettable).toBe(false);
    // Searched by the start of a name or email.
    expect((await list(admin.headers, staff.user.email)).map((row) => row.id)).toEqual([staff.user.id]);
  });

  it('is for managers only', async () => {
    const staff = await t.loginAs('staff');
    const member = await t.loginAs('member');
    for (const caller of [staff, member]) {
      expect((await call('GET', '/api/admin/users/back-office-per-page', caller.headers)).statusCode).toBe(403);
    }
  });

  it("resets a listed staff user's second factor from there: audited, sessions ended, shown off", async () => {
    const staff = await withTwoFactor(t, 'staff');
    const admin = await t.loginAs('admin');
    const [row] = await list(admin.headers, staff.user.email);
    expect(row?.two_factor_resettable).toBe(true);
    const reset = await call('POST', `/api/admin/users/${row?.id}/two-factor/reset`, admin.headers);
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/two-factor', staff.headers)).statusCode).toBe(401);
    expect((await login(staff.user.email)).json().token).toEqual(expect.any(String));
    expect((await list(admin.headers, staff.user.email))[0]).toMatchObject({
      two_factor: false,
      two_factor_resettable: false,
    });
  });
});
