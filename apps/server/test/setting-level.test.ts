import { LEVEL_NAME_TAKEN, LEVEL_SAVED } from '@sewablast/contract/level';
import type { Role } from '@sewablast/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const headersOf: Partial<Record<Role, { authorization: string }>> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['member', 'staff', 'admin', 'dev'] as const) headersOf[role] = (await t.loginAs(role)).headers;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role?: Role, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: role ? headersOf[role] : undefined,
    payload: payload as Record<string, unknown>,
  });

const goodSettings = {
  interval_min: 5,
  interval_max: 20,
  price: 125,
  bank_names: 'BCA,MANDIRI ,  BNI',
  colors: '#111111, #abc',
  referral_percent: 10,
  info: 'Pengumuman baru',
};

describe('settings', () => {
  it('lets every signed-in role read them, and nobody without a token', async () => {
    for (const role of ['member', 'staff', 'admin', 'dev'] as const) {
      const res = await call('GET', '/api/admin/setting/get', role);
      expect(res.statusCode).toBe(200);
      expect(res.json().setting).toMatchObject({ bank_names: 'BCA, MANDIRI, BRI', referral_percent: 0 });
    }
    expect((await call('GET', '/api/admin/setting/get')).statusCode).toBe(401);
  });

  it('lets only admins and devs change them, normalising the lists', async () => {
    expect((await call('PUT', '/api/admin/setting/update', undefined, goodSettings)).statusCode).toBe(401);
    for (const role of ['member', 'staff'] as const) {
      expect((await call('PUT', '/api/admin/setting/update', role, goodSettings)).statusCode).toBe(403);
    }
    for (const role of ['admin', 'dev'] as const) {
      const res = await call('PUT', '/api/admin/setting/update', role, {
        ...goodSettings,
        price: role === 'admin' ? 125 : 130,
      });
      expect(res.statusCode).toBe(200);
    }
    const { setting } = (await call('GET', '/api/admin/setting/get', 'member')).json();
    expect(setting).toMatchObject({
      price: 130,
      bank_names: 'BCA, MANDIRI, BNI',
      colors: '#111111, #abc',
      info: 'Pengumuman baru',
    });
  });

  it('names each bad field', async () => {
    const res = await call('PUT', '/api/admin/setting/update', 'admin', {
      interval_min: 30,
      interval_max: 10,
      price: 'mahal',
      bank_names: ' , ',
      colors: 'red',
      referral_percent: 150,
      info: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'bank_names',
      'colors',
      'info',
      'price',
      'referral_percent',
    ]);
    const order = await call('PUT', '/api/admin/setting/update', 'admin', {
      ...goodSettings,
      interval_min: 30,
      interval_max: 10,
    });
    expect(order.json().errors).toEqual({ interval_min: 'Interval minimal harus lebih kecil dari interval maksimal' });
  });
});

describe('levels', () => {
  it('keeps members and staff out of every level call', async () => {
    const [level] = (await call('GET', '/api/admin/level/list-per-page', 'dev')).json().data;
    const calls = [
      ['GET', '/api/admin/level/list-per-page'],
      ['GET', `/api/admin/level/${level?.id ?? 1}`],
      ['POST', '/api/admin/level/create'],
      ['PUT', `/api/admin/level/${level?.id ?? 1}`],
      ['DELETE', `/api/admin/level/${level?.id ?? 1}`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await call(method, url)).statusCode).toBe(401);
      expect((await call(method, url, 'member', { name: 'x', blast_fee: 1, requirement_blast: 0 })).statusCode).toBe(
        403,
      );
      expect((await call(method, url, 'staff', { name: 'x', blast_fee: 1, requirement_blast: 0 })).statusCode).toBe(
        403,
      );
    }
  });

  it('creates, reads, pages, updates and deletes levels, with colours by rank', async () => {
    await call('PUT', '/api/admin/setting/update', 'admin', { ...goodSettings, colors: '#000001, #000002' });
    const created = [];
    for (const [name, fee, requirement] of [
      ['Emas', 300, 1000],
      ['Perunggu', 100, 0],
      ['Perak', 200, 100],
    ] as const) {
      const res = await call('POST', '/api/admin/level/create', 'admin', {
        name,
        blast_fee: fee,
        requirement_blast: requirement,
      });
      expect(res.statusCode).toBe(200);
      created.push(res.json().level);
    }
    const page = (await call('GET', '/api/admin/level/list-per-page?page=1&limit=2', 'dev')).json();
    expect(page.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(page.data.map((level: { name: string; color: string }) => [level.name, level.color])).toEqual([
      ['Perunggu', '#000001'],
      ['Perak', '#000002'],
    ]);
    const search = (await call('GET', '/api/admin/level/list-per-page?search=mas', 'dev')).json();
    expect(search.data.map((level: { name: string }) => level.name)).toEqual(['Emas']);

    const gold = created[0];
    const detail = (await call('GET', `/api/admin/level/${gold.id}`, 'admin')).json();
    expect(detail.level).toMatchObject({ name: 'Emas', blast_fee: 300, color: '#000001' });
    const updated = await call('PUT', `/api/admin/level/${gold.id}`, 'dev', {
      name: 'Emas+',
      blast_fee: 350,
      requirement_blast: 900,
    });
    expect(updated.json().level).toMatchObject({ name: 'Emas+', blast_fee: 350, requirement_blast: 900 });

    const member = await t.loginAs('member');
    await t.db.update(users).set({ level_id: gold.id }).where(eq(users.id, member.user.id));
    expect((await call('DELETE', `/api/admin/level/${gold.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/level/${gold.id}`, 'admin')).statusCode).toBe(404);
    const fee = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/blast-fee/${member.user.id}`,
      headers: member.headers,
    });
    expect(fee.json()).toEqual({ blast_fee: 125 });
    expect(LEVEL_SAVED).toBe('Level berhasil disimpan.');
  });

  it('answers bad input with msg, error and the field', async () => {
    const res = await call('POST', '/api/admin/level/create', 'admin', {
      name: ' ',
      blast_fee: 'x',
      requirement_blast: -1,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(body.msg);
    expect(Object.keys(body.errors).sort()).toEqual(['blast_fee', 'name', 'requirement_blast']);
    const missing = await call('PUT', '/api/admin/level/999999', 'admin', {
      name: 'a',
      blast_fee: 1,
      requirement_blast: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBeDefined();
  });

  it('keeps level names unique whatever their case, naming the field on create and on update', async () => {
    const platinum = { name: 'Platinum', blast_fee: 500, requirement_blast: 5000 };
    const first = await call('POST', '/api/admin/level/create', 'admin', platinum);
    expect(first.statusCode).toBe(200);
    const twin = await call('POST', '/api/admin/level/create', 'dev', {
      ...platinum,
      name: ' platinum ',
      blast_fee: 900,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ msg: LEVEL_NAME_TAKEN, error: LEVEL_NAME_TAKEN, errors: { name: LEVEL_NAME_TAKEN } });

    const other = await call('POST', '/api/admin/level/create', 'admin', { ...platinum, name: 'Titanium' });
    const renamed = await call('PUT', `/api/admin/level/${other.json().level.id}`, 'admin', {
      ...platinum,
      name: 'PLATINUM',
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual({ name: LEVEL_NAME_TAKEN });
    // A level keeps its own name, in another case too.
    const recased = await call('PUT', `/api/admin/level/${first.json().level.id}`, 'admin', {
      ...platinum,
      name: 'PLATINUM',
    });
    expect(recased.statusCode).toBe(200);
    const search = (await call('GET', '/api/admin/level/list-per-page?search=platinum', 'dev')).json();
    expect(search.data.map((level: { name: string }) => level.name)).toEqual(['PLATINUM']);
  });
});
