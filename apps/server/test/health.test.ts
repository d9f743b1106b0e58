/**
 * Liveness and readiness for load balancers and orchestrators: live while the process serves; ready only
 * while the database (and Redis, when used) answer and the process is not stopping, each failure named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycle } from '../src/modules/health/lifecycle.ts';
import { checkReadiness } from '../src/modules/health/readiness.ts';
import { buildTestApp, type TestApp, testConfig } from './harness.ts';

let t: TestApp;
let databaseClosed = false;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  if (!databaseClosed) return t.close();
  await t.app.close();
  await t.services.host?.stop();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health probes', () => {
  it('keeps /api/health as it was', async () => {
    const res = await get('/api/health');
    expect(res.json()).toEqual({
      ok: true,
      version: 'test',
      role: 'all',
      db: testConfig(t.database.kind).db,
      driver: 'simulator',
    });
  });

  it('answers liveness without a token', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('is ready while the database answers, with Redis unused in one process', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'ok', redis: 'unused', stopping: false });
  });

  it('names Redis when its ping fails or hangs past the deadline', async () => {
    const lifecycle = createLifecycle();
    const failing = { ping: () => Promise.reject(new Error('ECONNREFUSED')) };
    expect(await checkReadiness({ db: t.db, bus: failing, lifecycle })).toEqual({
      ok: false,
      database: 'ok',
      redis: 'fail',
      stopping: false,
    });
    const hanging = { ping: () => new Promise(() => {}) };
    expect(await checkReadiness({ db: t.db, bus: hanging, lifecycle, timeoutMs: 50 })).toMatchObject({
      ok: false,
      redis: 'fail',
    });
    expect(await checkReadiness({ db: t.db, bus: { ping: async () => 'PONG' }, lifecycle })).toMatchObject({
      ok: true,
      redis: 'ok',
    });
  });

  it('answers 503 naming the stop once the process is stopping, and the database once it is closed', async () => {
    t.services.lifecycle.stop();
    const stopping = await get('/api/health/ready');
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ ok: false, database: 'ok', redis: 'unused', stopping: true });

    await t.database.close();
    databaseClosed = true;
    const closed = await get('/api/health/ready');
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toEqual({ ok: false, database: 'fail', redis: 'unused', stopping: true });
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });
});
