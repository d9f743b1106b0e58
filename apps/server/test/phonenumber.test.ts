import { Readable } from 'node:stream';
import { PHONE_TEXT } from '@sewablast/contract/phonenumber';
import type { Role } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { phoneNumbers } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';

const BASE = '/api/admin/phonenumber';
let t: TestApp;
const headersOf: Partial<Record<Role, { authorization: string }>> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['member', 'staff', 'admin', 'dev'] as const) headersOf[role] = (await t.loginAs(role)).headers;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, role?: Role, payload?: object) =>
  t.app.inject({
    method,
    url: `${BASE}${path}`,
    headers: role ? headersOf[role] : undefined,
    payload: payload as Record<string, unknown>,
  });

async function upload(role: Role | undefined, content: string | Buffer, name = 'numbers.csv') {
  const body = await multipartBody({}, { name, bytes: content });
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/import`,
    payload: body.payload,
    headers: { ...(role ? headersOf[role] : {}), 'content-type': body.contentType },
  });
}

let serial = 0;
const nextNumber = () => `628110${String(++serial).padStart(7, '0')}`;
async function savedId(): Promise<number> {
  return (await call('POST', '/save', 'admin', { number: nextNumber(), name: 'Matrix' })).json().phonenumber.id;
}

describe('phone number role matrix', () => {
  const endpoints: [string, (role?: Role) => ReturnType<typeof call>][] = [
    ['GET /list', (role) => call('GET', '/list', role)],
    ['GET /list-per-page', (role) => call('GET', '/list-per-page?page=1&search=62811&synced=1', role)],
    ['GET /count-blast', (role) => call('GET', '/count-blast', role)],
    ['GET /:id', async (role) => call('GET', `/${await savedId()}`, role)],
    ['POST /save', (role) => call('POST', '/save', role, { number: nextNumber(), name: 'Matrix' })],
    ['POST /import', (role) => upload(role, `${nextNumber()},Matrix\n`)],
    ['PUT /:id', async (role) => call('PUT', `/${await savedId()}`, role, { name: 'Matrix 2', status: 'nonactive' })],
    ['DELETE /:id', async (role) => call('DELETE', `/${await savedId()}`, role)],
  ];

  it.each([
    ['anonymous', 401],
    ['member', 403],
    ['staff', 403],
    ['admin', 200],
    ['dev', 200],
  ] as const)('%s gets %i from every call', async (who, status) => {
    const role = who === 'anonymous' ? undefined : who;
    for (const [name, send] of endpoints) expect((await send(role)).statusCode, name).toBe(status);
  });
});

describe('phone numbers by hand', () => {
  it('stores digits only, starting with 62, and refuses duplicates and bad input', async () => {
    const saved = await call('POST', '/save', 'admin', { number: '0812-2000-0001', name: ' Budi ' });
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
    expect((await call('GET', `/${saved.json().phonenumber.id}`, 'dev')).json()).toEqual(saved.json());

    const duplicate = await call('POST', '/save', 'admin', { number: '+62 812 2000 0001', name: 'Lagi' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ msg: PHONE_TEXT.taken, errors: { number: PHONE_TEXT.taken } });

    const bad = await call('POST', '/save', 'admin', { number: '12345', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ number: PHONE_TEXT.invalid, name: PHONE_TEXT.nameRequired });
    for (const number of ['7281234567890', '62812', '6281234567890123', '62812abc4567']) {
      const res = await call('POST', '/save', 'admin', { number, name: 'X' });
      expect(res.json().errors, number).toEqual({ number: PHONE_TEXT.invalid });
    }
    expect((await call('POST', '/save', 'admin', { name: 'Tanpa Nomor' })).json().errors).toEqual({
      number: PHONE_TEXT.numberRequired,
    });
  });

  it('updates number, name and status, and answers 404 for an unknown id', async () => {
    const { phonenumber } = (await call('POST', '/save', 'dev', { number: '6281230000001', name: 'Awal' })).json();
    const updated = await call('PUT', `/${phonenumber.id}`, 'dev', {
      number: '081230000002',
      name: 'Akhir',
      status: 'nonactive',
    });
    expect(updated.json().phonenumber).toMatchObject({ number: '6281230000002', name: 'Akhir', status: 'nonactive' });
    const unchanged = await call('PUT', `/${phonenumber.id}`, 'dev', {});
    expect(unchanged.json()).toEqual(updated.json());

    const clash = await call('PUT', `/${phonenumber.id}`, 'dev', { number: '6281220000001' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ number: PHONE_TEXT.taken });
    expect((await call('PUT', `/${phonenumber.id}`, 'dev', { number: '123' })).statusCode).toBe(400);
    expect((await call('PUT', `/${phonenumber.id}`, 'dev', { status: 'in use' })).statusCode).toBe(400);

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, '/999999', 'admin', method === 'PUT' ? { name: 'x' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    const totalNow = async () => (await call('GET', '/list-per-page', 'admin')).json().meta.total;
    const before = await totalNow();
    const removed = await call('DELETE', `/${phonenumber.id}`, 'admin');
    expect(removed.json()).toEqual({ msg: SERVER_TEXT.deleted });
    expect(await totalNow()).toBe(before - 1);
    expect((await call('GET', `/${phonenumber.id}`, 'admin')).statusCode).toBe(404);
  });

  it('pages and searches by number prefix and by name, and counts blasted numbers', async () => {
    for (let i = 0; i < 25; i++) {
      await call('POST', '/save', 'admin', { number: `6285700000${String(i).padStart(3, '0')}`, name: `Cari ${i}` });
    }
    const first = (await call('GET', '/list-per-page?page=1&search=62857&synced=123', 'admin')).json();
    expect(first.meta).toEqual({ page: 1, limit: 10, total: 25, totalPages: 3 });
    expect(first.data.map((row: { number: string }) => row.number.slice(-3))).toEqual([
      '024',
      '023',
      '022',
      '021',
      '020',
      '019',
      '018',
      '017',
      '016',
      '015',
    ]);
    const last = (await call('GET', '/list-per-page?page=3&search=62857', 'admin')).json();
    expect(last.data.map((row: { number: string }) => row.number.slice(-3))).toEqual([
      '004',
      '003',
      '002',
      '001',
      '000',
    ]);
    expect((await call('GET', '/list-per-page?page=4&search=62857', 'admin')).json().data).toEqual([]);

    const local = (await call('GET', '/list-per-page?search=0857-0000-00&limit=100', 'admin')).json();
    expect(local.meta.total).toBe(25);
    const byName = (await call('GET', '/list-per-page?search=CARI%201&limit=100', 'admin')).json();
    expect(byName.data.map((row: { name: string }) => row.name).sort()).toEqual(
      ['Cari 1', ...Array.from({ length: 10 }, (_, i) => `Cari 1${i}`)].sort(),
    );
    expect((await call('GET', '/list-per-page?search=%25', 'admin')).json().meta.total).toBe(0);
    expect((await call('GET', '/list-per-page?search=tidak%20ada', 'admin')).json()).toEqual({
      data: [],
      meta: { page: 1, limit: 10, total: 0, totalPages: 1 },
    });

    await t.db.update(phoneNumbers).set({ last_sent: new Date() }).where(eq(phoneNumbers.number, '6285700000001'));
    const counts = (await call('GET', '/count-blast', 'admin')).json();
    const total = (await call('GET', '/list-per-page', 'admin')).json().meta.total;
    expect(counts).toEqual({ blasted: 1, unBlasted: total - 1 });
    const blasted = (await call('GET', '/list-per-page?search=6285700000001', 'admin')).json().data[0];
    expect(blasted.last_sent).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('phone number import', () => {
  it("reuses the whole list's count for 5 s, then answers with it once more while it counts again", async () => {
    const total = async () => (await call('GET', '/list-per-page?page=1', 'admin')).json().meta.total as number;
    await savedId();
    const before = await total();
    // Another writer (the engine, another process) adds a number behind this process's back.
    await t.db.insert(phoneNumbers).values({ number: nextNumber(), name: 'Lain' });
    expect(await total()).toBe(before);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    try {
      expect(await total()).toBe(before);
      await expect.poll(total).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
    await savedId();
    expect(await total()).toBe(before + 2);
  });

  it('imports 100,000 CSV rows with exact counts of created and skipped rows', async () => {
    await call('POST', '/save', 'admin', { number: '6289900000005', name: 'Sudah Ada' });
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
    const res = await upload('admin', `\uFEFF${lines.join('\r\n')}\r\n`);
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
    expect(body.skipped).toContainEqual({ number: '6289900000005', name: 'Nama 5', reason: PHONE_TEXT.taken });
    // In the order of the file, though a batch's refusals by the database come after later rows were read.
    expect(body.skipped.slice(0, 4).map((row: { number: string }) => row.number)).toEqual([
      '6289900000005',
      '6289900000000',
      'abc999',
      '6289900000000',
    ]);
    const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '6289900012345'));
    expect(row).toMatchObject({ name: 'Nama 12345', source: 'import', status: 'active' });

    // A search with many matches pages along the id index, a narrow one sorts its matches: same order.
    const wide = (await call('GET', '/list-per-page?search=628990&page=2', 'admin')).json();
    expect(wide.meta.total).toBe(expectedCreated + 1);
    expect(wide.data[0].number).toBe(String(6289900000000 + 99_987));
    const narrow = (await call('GET', '/list-per-page?search=628990009&page=2', 'admin')).json();
    expect(narrow.data[0].number).toBe(String(6289900000000 + 99_987));

    const total = (await call('GET', '/list-per-page', 'admin')).json().meta.total;
    let after = 0;
    let walked = 0;
    for (;;) {
      const { list } = (await call('GET', `/list?after=${after}`, 'admin')).json();
      if (list.length === 0) break;
      expect(list.length).toBeLessThanOrEqual(10_000);
      expect(list[0].id).toBeGreaterThan(after);
      walked += list.length;
      after = list.at(-1).id;
    }
    expect(walked).toBe(total);
  }, 120_000);

  it('imports a JSON array, whatever the file is called', async () => {
    const json = JSON.stringify([
      { number: '6281555000001', name: 'Json Satu' },
      { number: 6281555000002, name: 'Json Dua' },
      { number: '6281555000003' },
      { name: 'Tanpa Nomor' },
      'bukan objek',
    ]);
    const res = await upload('dev', `\n  ${json}`, 'numbers.csv');
    expect(res.json()).toEqual({
      created: 3,
      skipped: [
        { number: '', name: 'Tanpa Nomor', reason: PHONE_TEXT.invalid },
        { number: '', name: '', reason: PHONE_TEXT.invalid },
      ],
    });
    const unnamed = (await call('GET', '/list-per-page?search=6281555000003', 'dev')).json().data[0];
    expect(unnamed.name).toBe('');
  });

  it('reads CSV without a header, with quotes, semicolons and extra columns, and reports a bad first row', async () => {
    const csv = [
      'abc,Bukan Header',
      '6281555100001,Tanpa Header',
      '6281555100002',
      '"+62 815-5510-0003","Siti, S.Pd","x"',
      '081555100004;Titik Koma',
    ].join('\n');
    expect((await upload('dev', csv, 'numbers.txt')).json()).toEqual({
      created: 4,
      skipped: [{ number: 'abc', name: 'Bukan Header', reason: PHONE_TEXT.invalid }],
    });
    const quoted = (await call('GET', '/list-per-page?search=6281555100003', 'dev')).json().data[0];
    expect(quoted.name).toBe('Siti, S.Pd');
    const swapped = await upload('dev', 'nama,nomor\nDewi,6281555100005\n');
    expect(swapped.json()).toEqual({ created: 1, skipped: [] });
    expect((await call('GET', '/list-per-page?search=6281555100005', 'dev')).json().data[0].name).toBe('Dewi');
  });

  it('refuses a file that is not CSV or a JSON array, and a request without a file', async () => {
    const binary = await upload('admin', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toEqual({ msg: PHONE_TEXT.badFile, errors: { file: PHONE_TEXT.badFile } });
    for (const content of ['[{"number": "62', '{"number": "6281555200001", "name": "Objek"}']) {
      expect((await upload('admin', content, 'numbers.json')).json().msg, content).toBe(PHONE_TEXT.badFile);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      headers: { ...headersOf.admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(PHONE_TEXT.fileRequired);
  });

  it('answers 413 to a file over IMPORT_MAX_MB and stores none of it', async () => {
    const small = await buildTestApp({ config: { IMPORT_MAX_MB: 0.01 } });
    try {
      const admin = await small.loginAs('admin');
      const rows = Array.from({ length: 2000 }, (_, i) => `${6281777000000 + i},Besar`).join('\n');
      const body = await multipartBody({}, { name: 'big.csv', bytes: rows });
      const headers = { ...admin.headers, 'content-type': body.contentType };
      // With a declared length the file is refused before it is read; without one, when it passes the limit.
      for (const payload of [body.payload, Readable.from([body.payload])]) {
        const res = await small.app.inject({ method: 'POST', url: `${BASE}/import`, payload, headers });
        expect(res.statusCode).toBe(413);
        expect(res.json().msg).toBe('File maksimal 0.01 MB.');
      }
      const fits = await multipartBody({}, { name: 'ok.csv', bytes: '6281777100001,Kecil\n' });
      const ok = await small.app.inject({
        method: 'POST',
        url: `${BASE}/import`,
        payload: fits.payload,
        headers: { ...admin.headers, 'content-type': fits.contentType },
      });
      expect(ok.json()).toEqual({ created: 1, skipped: [] });
      expect(await small.db.select().from(phoneNumbers).where(eq(phoneNumbers.name, 'Besar'))).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
