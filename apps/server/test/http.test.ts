import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from './harness.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'sewablast-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Sewablast</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the dashboard build writes next to each text file (apps/web/scripts/precompress.mjs).
  for (const file of ['index.html', 'assets/app-abc123.js']) {
    const bytes = readFileSync(join(webDist, file));
    writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(bytes));
    writeFileSync(join(webDist, `${file}.gz`), gzipSync(bytes));
  }
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the HTTP shell', () => {
  it("sends helmet's headers on every answer: an API call's, a refusal's and a missing route's", async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/phonenumber/list-per-page' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'content-security-policy':
          "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
          "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
          "style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:;media-src 'self' blob:",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('answers /api/health without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      version: 'test',
      role: 'all',
      db: testConfig(t.database.kind).db,
      driver: 'simulator',
    });
  });

  it('serves the dashboard with a strict CSP and falls back to index.html for client routes', async () => {
    for (const url of ['/', '/signin', '/whatsapp/create?r=1', '/anything/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe('console.log(1)');
  });

  it('sends the Brotli or gzip copy to a browser that takes it', async () => {
    for (const url of ['/assets/app-abc123.js', '/', '/signin']) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain(url.startsWith('/assets') ? 'console' : 'root');
      const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).length).toBeGreaterThan(0);
    }
  });

  it('answers unknown API paths with a JSON 404, never the dashboard', async () => {
    const { headers } = await t.loginAs('member');
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: SERVER_TEXT.notFound });
    // No route, so nothing to sign in to: the same 404 without a token.
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 and msg, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: '10.7.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['msg']);
    expect(res.body).not.toContain('at ');
  });

  it('publishes the OpenAPI document and its browsable page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/validate', '/api/admin/users/{id}']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
