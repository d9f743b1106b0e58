import { Readable } from 'node:stream';
import { IMPORT_SKIPPED_PART, IMPORT_SKIPPED_SHOWN, IMPORT_TEXT } from '@sewablast/contract/imports';
import { SEARCH_COUNT_CAP } from '@sewablast/contract/paging';
import { PHONE_SKIP_REASONS, PHONE_TEXT, type TSkippedNumber } from '@sewablast/contract/phonenumber';
import type { Role } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReports, phoneNumbers } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';

const BASE = '/api/admin/phonenumber';
let t: TestApp;
const headersOf: Partial<Record<Role, { authorization: string }>> = {};
const idOf: Partial<Record<Role, number>> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['member', 'staff', 'admin', 'dev'] as const) {
    const caller = await t.loginAs(role);
    headersOf[role] = caller.headers;
    idOf[role] = caller.user.id;
  }
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

const NOTHING_SKIPPED = (created: number) => ({ created, skippedTotal: 0, skipped: [], reportId: null });

/** Every row of a report, walking its parts as the dashboard does. */
async function skippedOf(reportId: number, role: Role): Promise<TSkippedNumber[]> {
  const rows: TSkippedNumber[] = [];
  for (let part: number | null = 0; part !== null; ) {
    const res = await call('GET', `/import/${reportId}/skipped?part=${part}`, role);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    rows.push(...body.list);
    part = body.next;
  }
  return rows;
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
    [
      'GET /import/:id/skipped',
      async (role) => {
        const importer = role === 'dev' ? 'dev' : 'admin';
        const { reportId } = (await upload(importer, 'rusak\n'.repeat(IMPORT_SKIPPED_SHOWN + 1))).json();
        return call('GET', `/import/${reportId}/skipped`, role);
      },
    ],
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
    // A page past the end is the last page, and the meta says so (issue 10: never 'Page 99 of 5').
    expect((await call('GET', '/list-per-page?page=99&search=62857', 'admin')).json()).toEqual({
      data: last.data,
      meta: { page: 3, limit: 10, total: 25, totalPages: 3 },
    });

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
  it("finds a part of a name or digits anywhere from three characters: 'Import' finds Ayu Import", async () => {
    for (const [number, name] of [
      ['6285912345001', 'Ayu Import'],
      ['6285912345002', 'Importir Jaya'],
      ['6285912345003', 'Budi'],
      ['6281362859123', 'Tengah'],
    ]) {
      expect((await call('POST', '/save', 'admin', { number, name })).statusCode).toBe(200);
    }
    const search = async (term: string) => {
      const res = await call('GET', `/list-per-page?limit=100&search=${encodeURIComponent(term)}`, 'admin');
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.map((row: { name: string }) => row.name)
        .sort();
    };
    expect(await search('Import')).toEqual(['Ayu Import', 'Importir Jaya']);
    expect(await search('iMPORT')).toEqual(['Ayu Import', 'Importir Jaya']);
    expect(await search('yu imp')).toEqual(['Ayu Import']);
    expect(await search('12345003')).toEqual(['Budi']);
    expect(await search('912 345 002')).toEqual(['Importir Jaya']);
    // Written as a number starts (a local 0), digits find the start; one or two characters find a name's start.
    expect(await search('0859-1234-500')).toEqual(['Ayu Import', 'Budi', 'Importir Jaya']);
    // So do digits written from the country code, as every stored number begins: a substring of 62… would
    // read the trigrams every number shares (62, 628…), 30× the number's btree, for matches nobody meant.
    expect(await search('62859')).toEqual(['Ayu Import', 'Budi', 'Importir Jaya']);
    expect(await search('2859')).toEqual(['Ayu Import', 'Budi', 'Importir Jaya', 'Tengah']);
    expect(await search('Im')).toEqual(['Importir Jaya']);
    expect(await search('yu')).toEqual([]);
  });
});

describe('phone number import', () => {
  it('tells the importer the rows read, then that they are stored, as live events carrying its import id', async () => {
    const heard: { userId: number | null; rows?: number; phase?: string }[] = [];
    const stop = t.bus.subscribe(({ userId, message }) => {
      if (message.event === 'import_progress' && message.payload.importId === 'progress-test-1')
        heard.push({ userId, rows: message.payload.rows, phase: message.payload.phase });
    });
    const rows = Array.from({ length: 20_000 }, (_, i) => `628120${String(i).padStart(7, '0')},Progres`).join('\n');
    const body = await multipartBody({}, { name: 'numbers.csv', bytes: rows });
    const send = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/import`,
        payload: body.payload,
        headers: { ...headersOf.admin, 'content-type': body.contentType, 'x-import-id': id },
      });
    const res = await send('progress-test-1');
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toBe(20_000);
    expect(heard[0]).toEqual({ userId: idOf.admin, rows: 1000, phase: 'reading' });
    expect(heard.at(-1)).toEqual({ userId: idOf.admin, rows: 20_000, phase: 'storing' });
    const counts = heard.map((event) => event.rows ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    // The import merged the trigram indexes' pending lists: a search reads the index, not every row.
    const explained = (await t.db.execute(
      sql`explain select count(*) from phone_numbers where number like '%1200012%'`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(explained.rows.map((row) => Object.values(row)[0]).join('\n')).toMatch(/phone_numbers_number_trgm_idx/);

    const bad = await send('no spaces!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/x-import-id/);
  });

  it("answers the whole list's exact total at once after another writer adds a number behind its back", async () => {
    const total = async () => (await call('GET', '/list-per-page?page=1', 'admin')).json().meta.total as number;
    await savedId();
    const before = await total();
    // Another writer (the engine, another process) adds a number: the list's remembered count is of an older version.
    await t.db.insert(phoneNumbers).values({ number: nextNumber(), name: 'Lain' });
    expect(await total()).toBe(before + 1);
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
    const skippedTotal = reasons.invalid + reasons.duplicate + reasons.taken;
    expect(body.skippedTotal).toBe(skippedTotal);
    expect(body.skipped).toHaveLength(IMPORT_SKIPPED_SHOWN);
    const all = await skippedOf(body.reportId, 'admin');
    expect(all).toHaveLength(skippedTotal);
    expect(all.slice(0, IMPORT_SKIPPED_SHOWN)).toEqual(body.skipped);
    const count = (reason: string) => all.filter((row) => row.reason === reason).length;
    expect(count(PHONE_TEXT.invalid)).toBe(reasons.invalid);
    expect(count(PHONE_TEXT.duplicateInFile)).toBe(reasons.duplicate);
    expect(count(PHONE_TEXT.taken)).toBe(reasons.taken);
    expect(all).toContainEqual({ number: 'abc999', name: 'Rusak 999', reason: PHONE_TEXT.invalid });
    expect(all).toContainEqual({ number: '6289900000000', name: 'Ganda, 998', reason: PHONE_TEXT.duplicateInFile });
    // In the order of the file, though a batch's refusals by the database come after later rows were read.
    expect(all.slice(0, 4).map((row) => row.number)).toEqual([
      '6289900000005',
      '6289900000000',
      'abc999',
      '6289900000000',
    ]);
    expect(all.at(-1)).toEqual({ number: 'abc99999', name: 'Rusak 99999', reason: PHONE_TEXT.invalid });
    expect(new Set(all.map((row) => row.reason))).toEqual(new Set(PHONE_SKIP_REASONS));
    const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '6289900012345'));
    expect(row).toMatchObject({ name: 'Nama 12345', source: 'import', status: 'active' });

    // A search with many matches pages along the id index, a narrow one sorts its matches: same order. The wide
    // one's count stops at the cap and says so.
    const wide = (await call('GET', '/list-per-page?search=628990&page=2', 'admin')).json();
    expect(wide.meta).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
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
      skippedTotal: 2,
      skipped: [
        { number: '', name: 'Tanpa Nomor', reason: PHONE_TEXT.invalid },
        { number: '', name: '', reason: PHONE_TEXT.invalid },
      ],
      reportId: null,
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
      skippedTotal: 1,
      skipped: [{ number: 'abc', name: 'Bukan Header', reason: PHONE_TEXT.invalid }],
      reportId: null,
    });
    const quoted = (await call('GET', '/list-per-page?search=6281555100003', 'dev')).json().data[0];
    expect(quoted.name).toBe('Siti, S.Pd');
    const swapped = await upload('dev', 'nama,nomor\nDewi,6281555100005\n');
    expect(swapped.json()).toEqual(NOTHING_SKIPPED(1));
    expect((await call('GET', '/list-per-page?search=6281555100005', 'dev')).json().data[0].name).toBe('Dewi');
  });

  it('refuses a file that is not CSV, .xlsx or a JSON array, and a request without a file', async () => {
    const binary = await upload('admin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toEqual({ msg: PHONE_TEXT.badFile, errors: { file: PHONE_TEXT.badFile } });
    // A first line of text does not make the rest of the file text.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const disguised = await upload('admin', Buffer.concat([Buffer.from('6281555200009,Gambar\n'), png]));
    expect(disguised.json()).toEqual({ msg: PHONE_TEXT.badFile, errors: { file: PHONE_TEXT.badFile } });
    expect((await call('GET', '/list-per-page?search=6281555200009', 'admin')).json().meta.total).toBe(0);
    const unclosed = await upload('admin', '6281555200011,Budi\n6281555200012,"Siti\n');
    const line2 = `${PHONE_TEXT.badFile} ${IMPORT_TEXT.unreadableFrom(2)}`;
    expect(unclosed.json()).toEqual({ msg: line2, errors: { file: line2 } });
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
      expect(ok.json()).toEqual(NOTHING_SKIPPED(1));
      expect(await small.db.select().from(phoneNumbers).where(eq(phoneNumbers.name, 'Besar'))).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('import answers stay small', () => {
  const zeros = `[${Array.from({ length: 1_000_000 }, () => '0').join(',')}]`;

  it('answers a million bad rows with the counts and the first rows, and keeps them all as a report', async () => {
    const res = await upload('admin', zeros, 'zeros.json');
    expect(res.statusCode).toBe(200);
    expect(res.payload.length).toBeLessThan(32 * 1024);
    const body = res.json();
    expect(body).toMatchObject({ created: 0, skippedTotal: 1_000_000, reportId: expect.any(Number) });
    expect(body.skipped).toHaveLength(IMPORT_SKIPPED_SHOWN);
    expect(body.skipped[0]).toEqual({ number: '', name: '', reason: PHONE_TEXT.invalid });

    const parts = 1_000_000 / IMPORT_SKIPPED_PART;
    const report = (part: number) => call('GET', `/import/${body.reportId}/skipped?part=${part}`, 'admin');
    const first = (await report(0)).json();
    expect(first.next).toBe(1);
    expect(first.list).toHaveLength(IMPORT_SKIPPED_PART);
    expect(first.list.slice(0, IMPORT_SKIPPED_SHOWN)).toEqual(body.skipped);
    const last = (await report(parts - 1)).json();
    expect(last.next).toBeNull();
    expect(last.list).toHaveLength(IMPORT_SKIPPED_PART);
    expect(last.list.at(-1)).toEqual({ number: '', name: '', reason: PHONE_TEXT.invalid });
    expect((await report(parts)).json()).toEqual({ list: [], next: null });
  }, 120_000);

  it('keeps answering other requests while a large import runs', async () => {
    const finished: string[] = [];
    const importing = upload('dev', zeros, 'zeros.json').then((res) => {
      finished.push('import');
      return res;
    });
    // Polling gets a turn only if the import lets the event loop run: it waits for the import's first part
    // of skipped rows, so that health is asked for mid-import.
    const underWay = async () =>
      (await t.db.select().from(importReports).where(eq(importReports.complete, false))).length > 0;
    while (finished.length === 0 && !(await underWay())) await new Promise((resolve) => setTimeout(resolve, 5));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    finished.push('health');
    expect(health.statusCode).toBe(200);
    expect((await importing).json().skippedTotal).toBe(1_000_000);
    expect(finished).toEqual(['health', 'import']);
  }, 120_000);

  it("keeps a report for its importer only, and only the importer's latest", async () => {
    const rows = Array.from({ length: 150 }, (_, i) => `rusak${i},Nama ${i}`).join('\n');
    const first = (await upload('admin', rows)).json();
    expect(first).toMatchObject({ created: 0, skippedTotal: 150, reportId: expect.any(Number) });
    expect(first.skipped).toHaveLength(IMPORT_SKIPPED_SHOWN);
    const all = await skippedOf(first.reportId, 'admin');
    expect(all.map((row) => row.number)).toEqual(Array.from({ length: 150 }, (_, i) => `rusak${i}`));

    const other = await t.loginAs('admin');
    for (const url of [
      `${BASE}/import/${first.reportId}/skipped`,
      `/api/admin/proxy/import/${first.reportId}/skipped`,
    ]) {
      const foreign = await t.app.inject({ method: 'GET', url, headers: other.headers });
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json(), url).toEqual({ msg: SERVER_TEXT.notFound });
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/admin/proxy/import/${first.reportId}/skipped`,
      headers: headersOf.admin,
    });
    expect(own.statusCode).toBe(404);

    const second = (await upload('admin', rows)).json();
    expect(second.reportId).not.toBe(first.reportId);
    expect((await call('GET', `/import/${first.reportId}/skipped`, 'admin')).statusCode).toBe(404);
    expect(await skippedOf(second.reportId, 'admin')).toEqual(all);
    // An import whose answer holds every skipped row leaves no report, and removes the one before it.
    expect((await upload('admin', `${nextNumber()},Baru\n`)).json()).toEqual(NOTHING_SKIPPED(1));
    expect((await call('GET', `/import/${second.reportId}/skipped`, 'admin')).statusCode).toBe(404);
    for (const bad of ['0', '-1', 'abc', '2147483647']) {
      expect((await call('GET', `/import/${bad}/skipped`, 'admin')).statusCode, bad).toBeLessThan(500);
    }
    expect((await call('GET', `/import/${second.reportId}/skipped?part=-1`, 'admin')).statusCode).toBe(400);
  });

  it('skips rows with control characters as invalid, echoes long cells cut short, and gives only the defined reasons', async () => {
    const json = JSON.stringify([
      { number: '6281555300001', name: 'Bu\u0000di' },
      { number: '6281555300002\u0001', name: 'Siti' },
      { number: '6281555300003', name: 'Baik' },
      { number: '6281555300003', name: 'Ganda' },
      { number: "0'; drop table phone_numbers; --", name: 'x' },
      { number: '9'.repeat(100_000), name: 'n'.repeat(1000) },
    ]);
    const body = (await upload('admin', json, 'rows.json')).json();
    expect(body).toEqual({
      created: 1,
      skippedTotal: 5,
      skipped: [
        { number: '6281555300001', name: 'Bu\uFFFDdi', reason: PHONE_TEXT.invalid },
        { number: '6281555300002\uFFFD', name: 'Siti', reason: PHONE_TEXT.invalid },
        { number: '6281555300003', name: 'Ganda', reason: PHONE_TEXT.duplicateInFile },
        { number: "0'; drop table phone_numbers; --", name: 'x', reason: PHONE_TEXT.invalid },
        { number: '9'.repeat(50), name: 'n'.repeat(200), reason: PHONE_TEXT.invalid },
      ],
      reportId: null,
    });

    // Past the head that decides whether the file is text, a NUL is one bad row, not a failed batch.
    const valid = Array.from({ length: 600 }, (_, i) => `${6281555400000 + i},Nama ${i}`);
    const csv = [...valid, '6281555401000,Bu\u0000di', '6281555401001,Siti'].join('\n');
    const mixed = (await upload('admin', csv)).json();
    expect(mixed).toMatchObject({ created: 601, skippedTotal: 1 });
    expect(mixed.skipped).toEqual([{ number: '6281555401000', name: 'Bu\uFFFDdi', reason: PHONE_TEXT.invalid }]);
    for (const row of [...body.skipped, ...mixed.skipped]) expect(PHONE_SKIP_REASONS).toContain(row.reason);
  });
});

describe('phone number import from Excel', () => {
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  async function uploadXlsx(build: (workbook: ExcelJS.Workbook) => void, name = 'nomor.xlsx') {
    const workbook = new ExcelJS.Workbook();
    build(workbook);
    const body = await multipartBody(
      {},
      { name, bytes: Buffer.from(await workbook.xlsx.writeBuffer()), type: XLSX_TYPE },
    );
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      payload: body.payload,
      headers: { ...headersOf.admin, 'content-type': body.contentType },
    });
  }

  it("imports the first sheet's numbers, typed as numbers or as text, and reports its bad rows by row", async () => {
    const res = await uploadXlsx((workbook) => {
      const sheet = workbook.addWorksheet('Daftar');
      sheet.addRow(['Nama', 'Nomor']);
      for (let i = 0; i < 500; i++) sheet.addRow([`Nama ${i}`, 6281666000000 + i]);
      sheet.addRow(['Teks', '081666000500']);
      sheet.addRow(['Rumus', { formula: '6281666000000+501', result: 6281666000501 }]);
      sheet.addRow(['Salah', 'bukan nomor']);
      sheet.addRow(['Ganda', 6281666000001]);
      workbook.addWorksheet('Catatan').addRow(['Lain', 6281666999999]);
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 502,
      skippedTotal: 2,
      skipped: [
        { number: 'bukan nomor', name: 'Salah', reason: PHONE_TEXT.invalid },
        { number: '6281666000001', name: 'Ganda', reason: PHONE_TEXT.duplicateInFile },
      ],
      reportId: null,
    });
    const typed = (await call('GET', '/list-per-page?search=6281666000500', 'admin')).json().data;
    expect(typed.map((row: { number: string; name: string }) => [row.number, row.name])).toEqual([
      ['6281666000500', 'Teks'],
    ]);
    expect((await call('GET', '/list-per-page?search=6281666999999', 'admin')).json().meta.total).toBe(0);
    // The same workbook again, whatever it is called: every number is already registered.
    const again = await uploadXlsx((workbook) => {
      workbook.addWorksheet('Daftar').addRow([6281666000000, 'Lagi']);
    }, 'nomor.csv');
    expect(again.json()).toMatchObject({ created: 0, skippedTotal: 1 });
    expect(again.json().skipped[0].reason).toBe(PHONE_TEXT.taken);
  });

  it('refuses a damaged workbook and a ZIP without one, saying how to save it again, and stores nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Daftar').addRow([6281666100001, 'Rusak']);
    const whole = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const bytes of [whole.subarray(0, whole.length / 2), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 8])]) {
      const res = await upload('admin', bytes, 'nomor.xlsx');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        msg: IMPORT_TEXT.unreadableWorkbook,
        errors: { file: IMPORT_TEXT.unreadableWorkbook },
      });
    }
    expect((await call('GET', '/list-per-page?search=6281666100001', 'admin')).json().meta.total).toBe(0);
  });

  it('answers 413 to a workbook cut off at IMPORT_MAX_MB, not that it is damaged', async () => {
    const small = await buildTestApp({ config: { IMPORT_MAX_MB: 0.01 } });
    try {
      const admin = await small.loginAs('admin');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Daftar');
      for (let i = 0; i < 5000; i++) sheet.addRow([6281666200000 + i * 7919, `Nama ${i * 31}`]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const body = await multipartBody({}, { name: 'besar.xlsx', bytes, type: XLSX_TYPE });
      const res = await small.app.inject({
        method: 'POST',
        url: `${BASE}/import`,
        payload: Readable.from([body.payload]),
        headers: { ...admin.headers, 'content-type': body.contentType },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toBe('File maksimal 0.01 MB.');
    } finally {
      await small.close();
    }
  });
});
