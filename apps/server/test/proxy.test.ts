import { IMPORT_SKIPPED_PART, IMPORT_SKIPPED_SHOWN } from '@sewablast/contract/imports';
import { PROXY_SKIP_REASONS, PROXY_TEXT, type TSkippedProxy } from '@sewablast/contract/proxy';
import type { Role } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importReports, proxies } from '../src/db/schema.ts';
import { createProxyService, quarantineProxy } from '../src/modules/proxy/service.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';

const BASE = '/api/admin/proxy';
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

async function upload(role: Role | undefined, content: string | Buffer, name = 'proxies.csv') {
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
async function skippedOf(reportId: number, role: Role): Promise<TSkippedProxy[]> {
  const rows: TSkippedProxy[] = [];
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
const nextValue = () => `matrix-${++serial}.test:8080`;
async function savedId(): Promise<number> {
  return (await call('POST', '/save', 'admin', { value: nextValue() })).json().proxy.id;
}

describe('proxy role matrix', () => {
  const endpoints: [string, (role?: Role) => ReturnType<typeof call>][] = [
    ['GET /list', (role) => call('GET', '/list', role)],
    ['GET /list-per-page', (role) => call('GET', '/list-per-page?page=1&search=matrix&synced=1', role)],
    ['GET /count-use', (role) => call('GET', '/count-use', role)],
    ['GET /:id', async (role) => call('GET', `/${await savedId()}`, role)],
    ['POST /save', (role) => call('POST', '/save', role, { value: nextValue() })],
    ['POST /import', (role) => upload(role, `${nextValue()}\n`)],
    [
      'GET /import/:id/skipped',
      async (role) => {
        const importer = role === 'dev' ? 'dev' : 'admin';
        const { reportId } = (await upload(importer, 'rusak\n'.repeat(IMPORT_SKIPPED_SHOWN + 1))).json();
        return call('GET', `/import/${reportId}/skipped`, role);
      },
    ],
    [
      'PUT /:id',
      async (role) => {
        const id = await savedId();
        return call('PUT', `/${id}`, role, { id, status: 'nonactive' });
      },
    ],
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

describe('proxy values', () => {
  it.each([
    '1.2.3.4:3128',
    'proxy.example.com:8080',
    'user:pass@proxy.example.com:3128',
    'user:p%40ss@10.0.0.1:1',
    '[2001:db8::1]:65535',
    'http://proxy.example.com:8080',
    'https://user:pass@proxy.example.com:443',
    'socks5://proxy.example.com:1080',
    'socks5://user:pass@127.0.0.1:9050/',
  ])('accepts %s, stored trimmed', async (value) => {
    const res = await call('POST', '/save', 'admin', { value: `  ${value}\t` });
    expect(res.statusCode).toBe(200);
    expect(res.json().proxy).toEqual({ id: expect.any(Number), value, status: 'active', count_use: 0 });
  });

  it.each([
    'proxy.example.com',
    'proxy.example.com:0',
    'proxy.example.com:65536',
    'proxy.example.com:abc',
    ':8080',
    'user@proxy.example.com:80',
    'user:pass@:80',
    'bad host:80',
    '-bad-.com:80',
    'http://proxy.example.com',
    'http://proxy.example.com:8080/path',
    'ftp://proxy.example.com:21',
    'socks4://proxy.example.com:1080',
  ])('refuses %j', async (value) => {
    const res = await call('POST', '/save', 'admin', { value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: PROXY_TEXT.invalid, errors: { value: PROXY_TEXT.invalid } });
  });

  it('requires a value and refuses a duplicate', async () => {
    expect((await call('POST', '/save', 'admin', { value: ' ' })).json().errors).toEqual({
      value: PROXY_TEXT.valueRequired,
    });
    expect((await call('POST', '/save', 'admin', {})).json().errors).toEqual({ value: PROXY_TEXT.valueRequired });
    await call('POST', '/save', 'admin', { value: '9.9.9.9:9999' });
    const duplicate = await call('POST', '/save', 'dev', { value: ' 9.9.9.9:9999 ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ msg: PROXY_TEXT.taken, errors: { value: PROXY_TEXT.taken } });
  });
});

describe('proxy editing and counts', () => {
  it('edits value and status, keeps a proxy in use unless a status is sent, and answers 404', async () => {
    const { proxy } = (await call('POST', '/save', 'admin', { value: 'edit.test:3128' })).json();
    const off = await call('PUT', `/${proxy.id}`, 'admin', {
      id: proxy.id,
      value: 'edit.test:3129',
      status: 'nonactive',
    });
    expect(off.json().proxy).toEqual({ ...proxy, value: 'edit.test:3129', status: 'nonactive' });
    expect((await call('GET', `/${proxy.id}`, 'dev')).json()).toEqual(off.json());

    await t.db.update(proxies).set({ status: 'in use', count_use: 3 }).where(eq(proxies.id, proxy.id));
    const renamed = await call('PUT', `/${proxy.id}`, 'admin', { id: proxy.id, value: 'edit.test:3130' });
    expect(renamed.json().proxy).toMatchObject({ value: 'edit.test:3130', status: 'in use', count_use: 3 });
    expect((await call('PUT', `/${proxy.id}`, 'admin', { id: proxy.id })).json()).toEqual(renamed.json());
    const inUse = await call('PUT', `/${proxy.id}`, 'admin', { status: 'in use' });
    expect(inUse.statusCode).toBe(400);
    const freed = await call('PUT', `/${proxy.id}`, 'admin', { status: 'active' });
    expect(freed.json().proxy.status).toBe('active');

    await call('POST', '/save', 'admin', { value: 'other.test:3128' });
    const clash = await call('PUT', `/${proxy.id}`, 'admin', { value: 'other.test:3128' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PUT', `/${proxy.id}`, 'admin', { value: 'no-port.test' })).statusCode).toBe(400);

    expect((await call('DELETE', `/${proxy.id}`, 'admin')).json()).toEqual({ msg: SERVER_TEXT.deleted });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, `/${proxy.id}`, 'admin', method === 'PUT' ? { status: 'active' } : undefined);
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('never hands out a quarantined proxy, and takes it back into the pool once an admin sets it active', async () => {
    const { proxy } = (await call('POST', '/save', 'admin', { value: 'banned.test:3128' })).json();
    await quarantineProxy(t.db, proxy.id);
    expect((await call('GET', `/${proxy.id}`, 'admin')).json().proxy.status).toBe('karantina');
    await t.db.update(proxies).set({ status: 'nonactive' }).where(sql`${proxies.id} <> ${proxy.id}`);
    const service = createProxyService(t.db);
    expect(await service.take()).toEqual({ kind: 'unavailable' });
    const renamed = await call('PUT', `/${proxy.id}`, 'admin', { value: 'banned.test:3129' });
    expect(renamed.json().proxy.status).toBe('karantina');
    expect((await call('PUT', `/${proxy.id}`, 'admin', { status: 'active' })).json().proxy.status).toBe('active');
    expect(await service.take()).toMatchObject({ kind: 'proxy', id: proxy.id });
    await t.db.delete(proxies).where(eq(proxies.id, proxy.id));
  });

  it('counts proxies in use and free ones', async () => {
    const byStatus = async (status: string) =>
      (await t.db.select({ total: count() }).from(proxies).where(eq(proxies.status, status)))[0]?.total ?? 0;
    const before = (await call('GET', '/count-use', 'admin')).json();
    expect(before).toEqual({ unUsed: await byStatus('active'), used: await byStatus('in use') });
    const id = await savedId();
    await call('POST', '/save', 'admin', { value: 'count.test:1' });
    await t.db.update(proxies).set({ status: 'in use' }).where(eq(proxies.id, id));
    await call('PUT', `/${await savedId()}`, 'admin', { status: 'nonactive' });
    expect((await call('GET', '/count-use', 'dev')).json()).toEqual({
      unUsed: before.unUsed + 1,
      used: before.used + 1,
    });
  });

  it('pages newest first and searches any part of the value', async () => {
    for (let i = 0; i < 12; i++)
      await call('POST', '/save', 'admin', { value: `user${i}:rahasia@page.test:${8000 + i}` });
    const first = (await call('GET', '/list-per-page?search=PAGE.test&page=1&synced=1', 'admin')).json();
    expect(first.meta).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(first.data[0].value).toBe('user11:rahasia@page.test:8011');
    const second = (await call('GET', '/list-per-page?search=page.test&page=2', 'admin')).json();
    expect(second.data.map((row: { value: string }) => row.value)).toEqual([
      'user1:rahasia@page.test:8001',
      'user0:rahasia@page.test:8000',
    ]);
    expect((await call('GET', '/list-per-page?search=:8011', 'admin')).json().meta.total).toBe(1);
    expect((await call('GET', '/list-per-page?search=_', 'admin')).json().meta.total).toBe(0);
    const { list } = (await call('GET', '/list', 'admin')).json();
    const total = (await call('GET', '/list-per-page', 'admin')).json().meta.total;
    expect(list).toHaveLength(total);
    expect(list[0].id).toBeGreaterThan(list.at(-1).id);
  });
});

describe('proxy import', () => {
  it('imports CSV with a `value,status` header, skipping bad and duplicate values with their reasons', async () => {
    await call('POST', '/save', 'admin', { value: '1.2.3.4:3129' });
    const csv = await upload(
      'admin',
      '\uFEFFvalue,status\r\n5.5.5.5:80,active\r\nnot a proxy\r\n5.5.5.5:80\r\n1.2.3.4:3129\r\n"http://6.6.6.6:8080",nonactive\r\n\r\n',
    );
    expect(csv.json()).toEqual({
      created: 2,
      skippedTotal: 3,
      skipped: [
        { value: 'not a proxy', reason: PROXY_TEXT.invalid },
        { value: '5.5.5.5:80', reason: PROXY_TEXT.duplicateInFile },
        { value: '1.2.3.4:3129', reason: PROXY_TEXT.taken },
      ],
      reportId: null,
    });
    const plain = await upload('dev', 'value\n7.7.7.7:70\n', 'proxies.txt');
    expect(plain.json()).toEqual(NOTHING_SKIPPED(1));
    const headerless = await upload('dev', '7.7.7.8:70\n');
    expect(headerless.json()).toEqual(NOTHING_SKIPPED(1));
  });

  it('imports a JSON array of strings or {value}', async () => {
    const json = await upload(
      'dev',
      JSON.stringify(['8.8.8.8:81', { value: ' https://8.8.4.4:443 ' }, 42, { host: 'x' }]),
      'proxies.json',
    );
    expect(json.json()).toEqual({
      created: 2,
      skippedTotal: 2,
      skipped: [
        { value: '', reason: PROXY_TEXT.invalid },
        { value: '', reason: PROXY_TEXT.invalid },
      ],
      reportId: null,
    });
    const list = (await call('GET', '/list', 'admin')).json().list;
    expect(list.map((proxy: { value: string }) => proxy.value)).toEqual(
      expect.arrayContaining(['8.8.8.8:81', 'https://8.8.4.4:443']),
    );
  });

  it("imports an Excel workbook's first sheet, one proxy per row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Proxy');
    sheet.addRow(['value']);
    sheet.addRow(['9.9.9.9:8080']);
    sheet.addRow(['socks5://user:pass@9.9.9.10:1080']);
    sheet.addRow(['bukan proxy']);
    workbook.addWorksheet('Catatan').addRow(['9.9.9.11:8080']);
    const res = await upload('admin', Buffer.from(await workbook.xlsx.writeBuffer()), 'proxies.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, skippedTotal: 1 });
    const values = (await call('GET', '/list', 'admin')).json().list.map((proxy: { value: string }) => proxy.value);
    expect(values).toEqual(expect.arrayContaining(['9.9.9.9:8080', 'socks5://user:pass@9.9.9.10:1080']));
    expect(values).not.toContain('9.9.9.11:8080');
  });

  it('refuses a file that is not CSV or a JSON array, and a request without a file', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const disguised = Buffer.concat([Buffer.from('value\n10.66.66.66:99\n'), png]);
    for (const content of ['{"value": "1.1.1.1:80"}', '["1.1.1.1:80"', '\u0000\u0001PK', disguised]) {
      const res = await upload('admin', content);
      expect(res.statusCode, String(content)).toBe(400);
      expect(res.json().msg, String(content)).toBe(PROXY_TEXT.badFile);
    }
    expect((await call('GET', '/list-per-page?search=10.66.66.66', 'admin')).json().meta.total).toBe(0);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      headers: { ...headersOf.admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.json()).toEqual({ msg: PROXY_TEXT.fileRequired, errors: { file: PROXY_TEXT.fileRequired } });
  });
});

describe('proxy import answers stay small', () => {
  const zeros = `[${Array.from({ length: 1_000_000 }, () => '0').join(',')}]`;

  it('answers a million bad rows with the counts and the first rows, and keeps them all as a report', async () => {
    const res = await upload('admin', zeros, 'zeros.json');
    expect(res.statusCode).toBe(200);
    expect(res.payload.length).toBeLessThan(32 * 1024);
    const body = res.json();
    expect(body).toMatchObject({ created: 0, skippedTotal: 1_000_000, reportId: expect.any(Number) });
    expect(body.skipped).toHaveLength(IMPORT_SKIPPED_SHOWN);
    expect(body.skipped[0]).toEqual({ value: '', reason: PROXY_TEXT.invalid });
    const parts = 1_000_000 / IMPORT_SKIPPED_PART;
    const last = (await call('GET', `/import/${body.reportId}/skipped?part=${parts - 1}`, 'admin')).json();
    expect(last.next).toBeNull();
    expect(last.list).toHaveLength(IMPORT_SKIPPED_PART);
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

  it('downloads the whole list in file order, for the importer alone', async () => {
    await call('POST', '/save', 'admin', { value: '10.9.9.9:99' });
    const lines = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0 ? `rusak ${i}` : i % 3 === 1 ? '10.9.9.9:99' : `10.8.${Math.floor(i / 256)}.${i % 256}:80`,
    );
    const body = (await upload('admin', lines.join('\n'))).json();
    expect(body).toMatchObject({ created: 100, skippedTotal: 200, reportId: expect.any(Number) });
    const all = await skippedOf(body.reportId, 'admin');
    const expected = lines.flatMap((value, i): TSkippedProxy[] => {
      if (i % 3 === 0) return [{ value, reason: PROXY_TEXT.invalid }];
      if (i === 1) return [{ value, reason: PROXY_TEXT.taken }];
      return i % 3 === 1 ? [{ value, reason: PROXY_TEXT.duplicateInFile }] : [];
    });
    expect(all).toEqual(expected);
    expect(body.skipped).toEqual(expected.slice(0, IMPORT_SKIPPED_SHOWN));

    const other = await t.loginAs('dev');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${BASE}/import/${body.reportId}/skipped`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ msg: SERVER_TEXT.notFound });
  });

  it('skips values with control characters as invalid, and gives only the defined reasons', async () => {
    const json = JSON.stringify(['user\u0000:pass@10.7.7.7:80', '10.7.7.8:80', `${'a'.repeat(600)}:80`]);
    const body = (await upload('admin', json, 'proxies.json')).json();
    expect(body).toEqual({
      created: 1,
      skippedTotal: 2,
      skipped: [
        { value: 'user\uFFFD:pass@10.7.7.7:80', reason: PROXY_TEXT.invalid },
        { value: 'a'.repeat(500), reason: PROXY_TEXT.invalid },
      ],
      reportId: null,
    });
    for (const row of body.skipped) expect(PROXY_SKIP_REASONS).toContain(row.reason);
  });
});
