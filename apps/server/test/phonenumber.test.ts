import { PHONE_TEXT } from '@sewablast/contract/phonenumber';
import type { Role } from '@sewablast/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumbers } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';

let t: TestApp;
const headersOf: Partial<Record<Role, { authorization: string }>> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['member', 'staff', 'admin', 'dev'] as const) headersOf[role] = (await t.loginAs(role)).headers;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, role?: Role, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: role ? headersOf[role] : undefined,
    payload: payload as Record<string, unknown>,
  });

async function upload(role: Role, name: string, content: string | Buffer, app = t) {
  const body = await multipartBody({}, { name, bytes: content });
  return app.app.inject({
    method: 'POST',
    url: '/api/admin/phonenumber/import',
    payload: body.payload,
    headers: { ...headersOf[role], 'content-type': body.contentType },
  });
}

describe('phone number role matrix', () => {
  it('answers 401 without a token, 403 to members and staff, 200 to admins and devs', async () => {
    const created = (
      await call('POST', '/api/admin/phonenumber/save', 'admin', { number: '6281100000001', name: 'Matrix' })
    ).json();
    const id = created.phonenumber.id;
    const calls: [Method, string, object?][] = [
      ['GET', '/api/admin/phonenumber/list'],
      ['GET', '/api/admin/phonenumber/list-per-page?page=1'],
      ['GET', '/api/admin/phonenumber/count-blast'],
      ['GET', `/api/admin/phonenumber/${id}`],
      ['PUT', `/api/admin/phonenumber/${id}`, { name: 'Matrix 2' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, 'member', body)).statusCode, url).toBe(403);
      expect((await call(method, url, 'staff', body)).statusCode, url).toBe(403);
      expect((await call(method, url, 'admin', body)).statusCode, url).toBe(200);
      expect((await call(method, url, 'dev', body)).statusCode, url).toBe(200);
    }
    for (const role of ['member', 'staff'] as const) {
      expect(
        (await call('POST', '/api/admin/phonenumber/save', role, { number: '6281100000002', name: 'x' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/admin/phonenumber/${id}`, role)).statusCode).toBe(403);
      expect((await upload(role, 'a.csv', '6281100000003,x')).statusCode).toBe(403);
    }
    expect((await call('DELETE', `/api/admin/phonenumber/${id}`, 'dev')).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/phonenumber/${id}`, 'dev')).statusCode).toBe(404);
  });
});

describe('phone numbers by hand', () => {
  it('stores digits only, starting with 62, and refuses duplicates and bad input', async () => {
    const saved = await call('POST', '/api/admin/phonenumber/save', 'admin', {
      number: '0812-2000-0001',
      name: ' Budi ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().phonenumber).toEqual({
      id: expect.any(Number),
      number: '6281220000001',
      name: 'Budi',
      status: 'active',
      in_use: 0,
      count_success: 0,
      count_fail: 0,
      last_sent: null,
    });
    const duplicate = await call('POST', '/api/admin/phonenumber/save', 'admin', {
      number: '+62 812 2000 0001',
      name: 'Lagi',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ number: PHONE_TEXT.taken });
    const bad = await call('POST', '/api/admin/phonenumber/save', 'admin', { number: '12345', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ number: PHONE_TEXT.invalid, name: PHONE_TEXT.nameRequired });
  });

  it('updates number, name and status', async () => {
    const { phonenumber } = (
      await call('POST', '/api/admin/phonenumber/save', 'dev', { number: '6281230000001', name: 'Awal' })
    ).json();
    const updated = await call('PUT', `/api/admin/phonenumber/${phonenumber.id}`, 'dev', {
      number: '081230000002',
      name: 'Akhir',
      status: 'nonactive',
    });
    expect(updated.json().phonenumber).toMatchObject({ number: '6281230000002', name: 'Akhir', status: 'nonactive' });
    const clash = await call('PUT', `/api/admin/phonenumber/${phonenumber.id}`, 'dev', { number: '6281220000001' });
    expect(clash.statusCode).toBe(409);
  });

  it('pages and searches by number prefix and by name prefix, and counts blasted numbers', async () => {
    for (let i = 0; i < 25; i++) {
      await call('POST', '/api/admin/phonenumber/save', 'admin', {
        number: `6285700000${String(i).padStart(3, '0')}`,
        name: `Cari ${i}`,
      });
    }
    const first = (await call('GET', '/api/admin/phonenumber/list-per-page?page=1&search=62857', 'admin')).json();
    expect(first.meta).toEqual({ page: 1, limit: 10, total: 25, totalPages: 3 });
    expect(first.data[0].number).toBe('6285700000024');
    const local = (
      await call('GET', '/api/admin/phonenumber/list-per-page?search=0857000000&limit=100', 'admin')
    ).json();
    expect(local.meta.total).toBe(25);
    const byName = (
      await call('GET', '/api/admin/phonenumber/list-per-page?search=cari%201&limit=100', 'admin')
    ).json();
    expect(byName.data.map((row: { name: string }) => row.name).sort()).toEqual(
      [
        'Cari 1',
        'Cari 10',
        'Cari 11',
        'Cari 12',
        'Cari 13',
        'Cari 14',
        'Cari 15',
        'Cari 16',
        'Cari 17',
        'Cari 18',
        'Cari 19',
      ].sort(),
    );
    const wildcard = (await call('GET', '/api/admin/phonenumber/list-per-page?search=%25', 'admin')).json();
    expect(wildcard.meta.total).toBe(0);

    await t.db.update(phoneNumbers).set({ last_sent: new Date() }).where(eq(phoneNumbers.number, '6285700000001'));
    const counts = (await call('GET', '/api/admin/phonenumber/count-blast', 'admin')).json();
    const total = (await call('GET', '/api/admin/phonenumber/list-per-page', 'admin')).json().meta.total;
    expect(counts).toEqual({ blasted: 1, unBlasted: total - 1 });
  });
});

describe('phone number import', () => {
  it('imports 100,000 CSV rows with exact counts of created and skipped rows', async () => {
    await call('POST', '/api/admin/phonenumber/save', 'admin', { number: '6289900000005', name: 'Sudah Ada' });
    const lines = ['number,name,city'];
    let expectedCreated = 0;
    const reasons = { invalid: 0, duplicate: 0, taken: 0 };
    for (let i = 0; i < 100_000; i++) {
      if (i % 1000 === 999) {
        lines.push(`abc${i},Rusak ${i},X`);
        reasons.invalid++;
      } else if (i % 1000 === 998) {
        lines.push(`6289900000000,"Ganda, ${i}",X`);
        reasons.duplicate++;
      } else {
        lines.push(`${6289900000000 + i},Nama ${i},Kota`);
        if (i === 5) reasons.taken++;
        else expectedCreated++;
      }
    }
    const res = await upload('admin', 'numbers.csv', `${lines.join('\r\n')}\r\n`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(expectedCreated);
    const count = (reason: string) => body.skipped.filter((row: { reason: string }) => row.reason === reason).length;
    expect(count(PHONE_TEXT.invalid)).toBe(reasons.invalid);
    expect(count(PHONE_TEXT.duplicateInFile)).toBe(reasons.duplicate);
    expect(count(PHONE_TEXT.taken)).toBe(reasons.taken);
    expect(body.skipped).toHaveLength(reasons.invalid + reasons.duplicate + reasons.taken);
    expect(body.skipped).toContainEqual({ number: 'abc999', name: 'Rusak 999', reason: PHONE_TEXT.invalid });
    expect(body.skipped).toContainEqual({
      number: '6289900000000',
      name: 'Ganda, 998',
      reason: PHONE_TEXT.duplicateInFile,
    });
    const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '6289900012345'));
    expect(row).toMatchObject({ name: 'Nama 12345', source: 'import', status: 'active' });

    const total = (await call('GET', '/api/admin/phonenumber/list-per-page', 'admin')).json().meta.total;
    let after = 0;
    let walked = 0;
    for (;;) {
      const { list } = (await call('GET', `/api/admin/phonenumber/list?after=${after}`, 'admin')).json();
      if (list.length === 0) break;
      expect(list.length).toBeLessThanOrEqual(10_000);
      expect(list[0].id).toBeGreaterThan(after);
      walked += list.length;
      after = list.at(-1).id;
    }
    expect(walked).toBe(total);
  }, 120_000);

  it('imports a JSON array, and CSV without a header', async () => {
    const json = JSON.stringify([
      { number: '6281555000001', name: 'Json Satu' },
      { number: 6281555000002, name: 'Json Dua' },
      { name: 'Tanpa Nomor' },
      'bukan objek',
    ]);
    const res = await upload('dev', 'numbers.json', json);
    expect(res.json()).toEqual({
      created: 2,
      skipped: [
        { number: '', name: 'Tanpa Nomor', reason: PHONE_TEXT.invalid },
        { number: '', name: '', reason: PHONE_TEXT.invalid },
      ],
    });
    const csv = await upload('dev', 'no-header.txt', '6281555000003,Tanpa Header\n6281555000004\n');
    expect(csv.json()).toEqual({ created: 2, skipped: [] });
  });

  it('refuses a file that is not CSV or JSON, and a file over the limit, and a request without a file', async () => {
    const binary = await upload('admin', 'numbers.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().msg).toBe(PHONE_TEXT.badFile);
    const broken = await upload('admin', 'numbers.json', '[{"number": "62');
    expect(broken.json().msg).toBe(PHONE_TEXT.badFile);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phonenumber/import',
      headers: { ...headersOf.admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);

    const small = await buildTestApp({ config: { IMPORT_MAX_MB: 0.01 } });
    try {
      const admin = await small.loginAs('admin');
      const body = await multipartBody({}, { name: 'big.csv', bytes: '6281777000001,Besar\n'.repeat(2000) });
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/admin/phonenumber/import',
        payload: body.payload,
        headers: { ...admin.headers, 'content-type': body.contentType },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toMatch(/File maksimal/);
    } finally {
      await small.close();
    }
  });
});
