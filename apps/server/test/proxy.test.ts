import { PROXY_TEXT } from '@sewablast/contract/proxy';
import type { Role } from '@sewablast/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies } from '../src/db/schema.ts';
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

async function upload(role: Role, name: string, content: string) {
  const body = await multipartBody({}, { name, bytes: content });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/proxy/import',
    payload: body.payload,
    headers: { ...headersOf[role], 'content-type': body.contentType },
  });
}

describe('proxies', () => {
  it('keeps members and staff out of every call', async () => {
    const { proxy } = (await call('POST', '/api/admin/proxy/save', 'dev', { value: 'matrix.test:8080' })).json();
    const calls: [Method, string, object?][] = [
      ['GET', '/api/admin/proxy/list'],
      ['GET', '/api/admin/proxy/list-per-page?page=1'],
      ['GET', '/api/admin/proxy/count-use'],
      ['GET', `/api/admin/proxy/${proxy.id}`],
      ['PUT', `/api/admin/proxy/${proxy.id}`, { id: proxy.id, status: 'active' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      for (const role of ['member', 'staff'] as const)
        expect((await call(method, url, role, body)).statusCode, url).toBe(403);
      for (const role of ['admin', 'dev'] as const)
        expect((await call(method, url, role, body)).statusCode, url).toBe(200);
    }
    expect((await call('POST', '/api/admin/proxy/save', 'staff', { value: 'a.test:1' })).statusCode).toBe(403);
    expect((await upload('member', 'p.csv', 'a.test:1')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/proxy/${proxy.id}`, 'member')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/admin/proxy/${proxy.id}`, 'admin')).statusCode).toBe(200);
  });

  it('validates values, refuses duplicates, edits status and counts use', async () => {
    for (const value of ['1.2.3.4:3128', 'user:pass@proxy.test:8080', 'socks5://u:p@proxy.test:1080']) {
      expect(
        (await call('POST', '/api/admin/proxy/save', 'admin', { value: ` ${value} ` })).json().proxy,
      ).toMatchObject({
        value,
        status: 'active',
        count_use: 0,
      });
    }
    const bad = await call('POST', '/api/admin/proxy/save', 'admin', { value: 'proxy.test' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ value: PROXY_TEXT.invalid });
    const duplicate = await call('POST', '/api/admin/proxy/save', 'admin', { value: '1.2.3.4:3128' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().msg).toBe(PROXY_TEXT.taken);

    const [first] = await t.db.select().from(proxies).where(eq(proxies.value, '1.2.3.4:3128'));
    await t.db.update(proxies).set({ status: 'in use' }).where(eq(proxies.value, 'user:pass@proxy.test:8080'));
    const off = await call('PUT', `/api/admin/proxy/${first?.id}`, 'admin', {
      id: first?.id,
      value: '1.2.3.4:3129',
      status: 'nonactive',
    });
    expect(off.json().proxy).toMatchObject({ value: '1.2.3.4:3129', status: 'nonactive' });
    expect((await call('GET', '/api/admin/proxy/count-use', 'admin')).json()).toEqual({ unUsed: 1, used: 1 });
    const page = (await call('GET', '/api/admin/proxy/list-per-page?search=proxy.test', 'admin')).json();
    expect(page.meta.total).toBe(2);
  });

  it('imports CSV and JSON, skipping bad and duplicate values with their reasons', async () => {
    const csv = await upload(
      'admin',
      'proxies.csv',
      'value,status\n5.5.5.5:80,active\nnot a proxy\n5.5.5.5:80\n1.2.3.4:3129\nhttp://6.6.6.6:8080\n',
    );
    expect(csv.json()).toEqual({
      created: 2,
      skipped: [
        { value: 'not a proxy', reason: PROXY_TEXT.invalid },
        { value: '5.5.5.5:80', reason: PROXY_TEXT.duplicateInFile },
        { value: '1.2.3.4:3129', reason: PROXY_TEXT.taken },
      ],
    });
    const json = await upload(
      'dev',
      'proxies.json',
      JSON.stringify(['7.7.7.7:81', { value: 'https://8.8.8.8:443' }, 42]),
    );
    expect(json.json()).toEqual({ created: 2, skipped: [{ value: '', reason: PROXY_TEXT.invalid }] });
    const list = (await call('GET', '/api/admin/proxy/list', 'admin')).json().list;
    expect(list.map((proxy: { value: string }) => proxy.value)).toEqual(
      expect.arrayContaining(['5.5.5.5:80', 'https://8.8.8.8:443']),
    );
  });
});
