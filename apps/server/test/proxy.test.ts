import { PROXY_TEXT } from '@sewablast/contract/proxy';
import type { Role } from '@sewablast/contract/roles';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies } from '../src/db/schema.ts';
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

async function upload(role: Role | undefined, content: string, name = 'proxies.csv') {
  const body = await multipartBody({}, { name, bytes: content });
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/import`,
    payload: body.payload,
    headers: { ...(role ? headersOf[role] : {}), 'content-type': body.contentType },
  });
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
      skipped: [
        { value: 'not a proxy', reason: PROXY_TEXT.invalid },
        { value: '5.5.5.5:80', reason: PROXY_TEXT.duplicateInFile },
        { value: '1.2.3.4:3129', reason: PROXY_TEXT.taken },
      ],
    });
    const plain = await upload('dev', 'value\n7.7.7.7:70\n', 'proxies.txt');
    expect(plain.json()).toEqual({ created: 1, skipped: [] });
    const headerless = await upload('dev', '7.7.7.8:70\n');
    expect(headerless.json()).toEqual({ created: 1, skipped: [] });
  });

  it('imports a JSON array of strings or {value}', async () => {
    const json = await upload(
      'dev',
      JSON.stringify(['8.8.8.8:81', { value: ' https://8.8.4.4:443 ' }, 42, { host: 'x' }]),
      'proxies.json',
    );
    expect(json.json()).toEqual({
      created: 2,
      skipped: [
        { value: '', reason: PROXY_TEXT.invalid },
        { value: '', reason: PROXY_TEXT.invalid },
      ],
    });
    const list = (await call('GET', '/list', 'admin')).json().list;
    expect(list.map((proxy: { value: string }) => proxy.value)).toEqual(
      expect.arrayContaining(['8.8.8.8:81', 'https://8.8.4.4:443']),
    );
  });

  it('refuses a file that is not CSV or a JSON array, and a request without a file', async () => {
    for (const content of ['{"value": "1.1.1.1:80"}', '["1.1.1.1:80"', '\u0000\u0001PK']) {
      const res = await upload('admin', content);
      expect(res.statusCode, content).toBe(400);
      expect(res.json().msg, content).toBe(PROXY_TEXT.badFile);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: `${BASE}/import`,
      headers: { ...headersOf.admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.json()).toEqual({ msg: PROXY_TEXT.fileRequired, errors: { file: PROXY_TEXT.fileRequired } });
  });
});
