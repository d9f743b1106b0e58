import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levels, settings, users } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: Record<string, unknown>, headers?: Headers) =>
  t.app.inject({ method: 'PUT', url, payload, headers });

describe('the role guard and ownership check on /api/admin/users', () => {
  it('answers 401 without a token or with a bad one', async () => {
    const member = await t.loginAs('member');
    for (const headers of [undefined, { authorization: 'Bearer nonsense' }, { authorization: 'Basic abc' }]) {
      const res = await get(`/api/admin/users/${member.user.id}`, headers);
      expect(res.statusCode).toBe(401);
    }
    expect((await get(`/api/admin/users/${member.user.id}`)).json()).toEqual({ msg: TEXT.tokenMissing });
  });

  it('lets every role read itself', async () => {
    for (const role of ['member', 'staff', 'admin', 'dev'] as const) {
      const { user, headers } = await t.loginAs(role);
      const res = await get(`/api/admin/users/${user.id}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: user.id, role }, level: null, color: null });
      expect(JSON.stringify(res.json())).not.toContain('password');
    }
  });

  it("keeps a member and staff out of another user's row, and lets admins and devs in", async () => {
    const victim = await t.loginAs('member');
    const matrix = { member: 403, staff: 403, admin: 200, dev: 200 } as const;
    for (const [role, status] of Object.entries(matrix)) {
      const { headers } = await t.loginAs(role as keyof typeof matrix);
      expect((await get(`/api/admin/users/${victim.user.id}`, headers)).statusCode).toBe(status);
      expect((await get(`/api/admin/users/blast-fee/${victim.user.id}`, headers)).statusCode).toBe(status);
      const update = await put(`/api/admin/users/${victim.user.id}`, { firstname: 'Changed' }, headers);
      expect(update.statusCode).toBe(status);
    }
  });

  it('answers 404 for a user that does not exist and 400 for a bad id', async () => {
    const { headers } = await t.loginAs('admin');
    expect((await get('/api/admin/users/999999', headers)).statusCode).toBe(404);
    expect((await get('/api/admin/users/abc', headers)).statusCode).toBe(400);
  });

  it('treats a deleted user as signed out at once', async () => {
    const { user, headers } = await t.loginAs('member');
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await get(`/api/admin/users/${user.id}`, headers)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/users/{id}: level and colour', () => {
  it("names the user's level and colours it by rank from the settings", async () => {
    await t.db.update(settings).set({ colors: '#111111, #222222' });
    const [low, mid, high] = await t.db
      .insert(levels)
      .values([
        { name: 'Perunggu', blast_fee: 120, requirement_blast: 0 },
        { name: 'Perak', blast_fee: 160, requirement_blast: 100 },
        { name: 'Emas', blast_fee: 220, requirement_blast: 1000 },
      ])
      .returning();
    const { user, headers } = await t.loginAs('member');
    const expectations = [
      [low, '#111111'],
      [mid, '#222222'],
      [high, '#111111'],
    ] as const;
    for (const [level, color] of expectations) {
      await t.db.update(users).set({ level_id: level?.id }).where(eq(users.id, user.id));
      const res = await get(`/api/admin/users/${user.id}`, headers);
      expect(res.json()).toMatchObject({ level: level?.name, color });
      expect((await get(`/api/admin/users/blast-fee/${user.id}`, headers)).json()).toEqual({
        blast_fee: level?.blast_fee,
      });
    }
  });

  it('charges settings.price as the blast fee without a level', async () => {
    await t.db.update(settings).set({ price: 175 });
    const { user, headers } = await t.loginAs('member');
    expect((await get(`/api/admin/users/blast-fee/${user.id}`, headers)).json()).toEqual({ blast_fee: 175 });
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('lets a member edit their own profile and bank details, and sign in with a new password', async () => {
    const { user, headers } = await t.loginAs('member');
    const res = await put(
      `/api/admin/users/${user.id}`,
      {
        firstname: 'Nama',
        lastname: 'Baru',
        account_bank: 'BCA',
        account_number: '1234567890',
        account_name: 'Nama Baru',
        password: 'sandibaru1',
        current_password: 'secret123',
      },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ firstname: 'Nama', account_bank: 'BCA', account_number: '1234567890' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'sandibaru1' },
      remoteAddress: '10.9.0.1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('asks for the current password, and a new one ends every other session', async () => {
    const { user, headers } = await t.loginAs('member');
    const { headers: otherTab } = await t.signIn(user);
    const missing = await put(`/api/admin/users/${user.id}`, { password: 'sandibaru1' }, headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ current_password: SERVER_TEXT.currentPasswordRequired });
    const wrong = await put(
      `/api/admin/users/${user.id}`,
      { password: 'sandibaru1', current_password: 'tebakan' },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: SERVER_TEXT.currentPasswordWrong });
    expect((await get(`/api/admin/users/${user.id}`, otherTab)).statusCode).toBe(200);

    const changed = await put(
      `/api/admin/users/${user.id}`,
      { password: 'sandibaru1', current_password: 'secret123' },
      headers,
    );
    expect(changed.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${changed.json().token}` };
    for (const stale of [headers, otherTab]) {
      expect((await get(`/api/admin/users/${user.id}`, stale)).statusCode).toBe(401);
      const validate = await t.app.inject({
        method: 'POST',
        url: '/api/auth/validate',
        payload: { token: stale.authorization.slice(7) },
      });
      expect(validate.json()).toMatchObject({ isvalid: false });
    }
    expect((await get(`/api/admin/users/${user.id}`, fresh)).statusCode).toBe(200);
    // Other fields need no password, and leave the sessions alone.
    expect((await put(`/api/admin/users/${user.id}`, { firstname: 'Lagi' }, fresh)).json().token).toBeUndefined();
    expect((await get(`/api/admin/users/${user.id}`, fresh)).statusCode).toBe(200);
  });

  it("ends a user's sessions when an admin sets their password", async () => {
    const member = await t.loginAs('member');
    const admin = await t.loginAs('admin');
    const res = await put(`/api/admin/users/${member.user.id}`, { password: 'dariadmin1' }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    expect((await get(`/api/admin/users/${member.user.id}`, member.headers)).statusCode).toBe(401);
    expect((await get(`/api/admin/users/${admin.user.id}`, admin.headers)).statusCode).toBe(200);
  });

  it('never lets a member change their role, level or money', async () => {
    const { user, headers } = await t.loginAs('member');
    const [level] = await t.db.insert(levels).values({ name: 'VIP', blast_fee: 999, requirement_blast: 0 }).returning();
    const roleChange = await put(`/api/admin/users/${user.id}`, { role: 'admin' }, headers);
    expect(roleChange.statusCode).toBe(403);
    expect(roleChange.json()).toEqual({ msg: SERVER_TEXT.roleChangeDevOnly });
    const sneaky = await put(
      `/api/admin/users/${user.id}`,
      { firstname: 'Ok', level_id: level?.id, total_success: 99_999, income: 5_000_000, balance: 1 },
      headers,
    );
    expect(sneaky.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstname: 'Ok', role: 'member', level_id: null, total_success: 0 });
  });

  it('takes back the whole user object a member read, protected fields unchanged, and refuses a changed one', async () => {
    const member = await t.loginAs('member');
    const admin = await t.loginAs('admin');
    await put(`/api/admin/users/${member.user.id}`, { blast_interval_min: 5, blast_interval_max: 15 }, admin.headers);
    const { user } = (await get(`/api/admin/users/${member.user.id}`, member.headers)).json();
    expect(user).toMatchObject({ role: 'member', blast_interval_min: 5, blast_interval_max: 15 });

    const saved = await put(`/api/admin/users/${member.user.id}`, { ...user, firstname: 'Sari' }, member.headers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ firstname: 'Sari', role: 'member', blast_interval_min: 5 });

    for (const changed of [{ role: 'admin' }, { blast_interval_min: 1 }, { blast_interval_max: null }]) {
      const refused = await put(`/api/admin/users/${member.user.id}`, { ...user, ...changed }, member.headers);
      expect(refused.statusCode, JSON.stringify(changed)).toBe(403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ firstname: 'Sari', role: 'member', blast_interval_min: 5, blast_interval_max: 15 });
  });

  it('keeps blast intervals for admins and devs, and checks their order', async () => {
    const member = await t.loginAs('member');
    const admin = await t.loginAs('admin');
    const self = await put(`/api/admin/users/${member.user.id}`, { blast_interval_min: 1 }, member.headers);
    expect(self.statusCode).toBe(403);
    const bad = await put(
      `/api/admin/users/${member.user.id}`,
      { blast_interval_min: 30, blast_interval_max: 10 },
      admin.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('blast_interval_min');
    const ok = await put(
      `/api/admin/users/${member.user.id}`,
      { blast_interval_min: 5, blast_interval_max: 15 },
      admin.headers,
    );
    expect(ok.json().user).toMatchObject({ blast_interval_min: 5, blast_interval_max: 15 });
  });

  it('lets only a dev make staff and admins, and never change their own role', async () => {
    const dev = await t.loginAs('dev');
    const admin = await t.loginAs('admin');
    const member = await t.loginAs('member');
    expect((await put(`/api/admin/users/${member.user.id}`, { role: 'staff' }, admin.headers)).statusCode).toBe(403);
    const promoted = await put(`/api/admin/users/${member.user.id}`, { role: 'staff' }, dev.headers);
    expect(promoted.json().user.role).toBe('staff');
    expect((await put(`/api/admin/users/${dev.user.id}`, { role: 'member' }, dev.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/users/${member.user.id}`, member.headers)).json().user.role).toBe('staff');
  });

  it("keeps an admin away from devs' and other admins' accounts", async () => {
    const admin = await t.loginAs('admin');
    const other = await t.loginAs('admin');
    const dev = await t.loginAs('dev');
    for (const target of [other, dev]) {
      const res = await put(`/api/admin/users/${target.user.id}`, { password: 'takeover1' }, admin.headers);
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses a taken email under `email`', async () => {
    const a = await t.loginAs('member');
    const b = await t.loginAs('member');
    const body = { email: b.user.email.toUpperCase(), current_password: 'secret123' };
    const res = await put(`/api/admin/users/${a.user.id}`, body, a.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: SERVER_TEXT.emailTaken });
  });
});
