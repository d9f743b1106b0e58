/**
 * /metrics (docs/operations.md, Metrics and health): closed without its token, out of the OpenAPI document,
 * and counting what the engine, the live channel and the HTTP layer did, labelled so that ids never become
 * series of their own.
 */
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema.ts';
import { startMetricsListener } from '../src/metrics/listener.ts';
import { createLifecycle } from '../src/modules/health/lifecycle.ts';
import { checkReadiness } from '../src/modules/health/readiness.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { readOperations } from './openapi.ts';
import { openLive } from './ws.ts';

const TOKEN = 'scrape-token-for-tests-0123';
const bearer = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({
    config: { METRICS_TOKEN: TOKEN },
    simulator: { rates: { transient: 0, disconnect: 0, ban: 0, rejected: 0 } },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.db.update(settings).set({ interval_min: 1, interval_max: 1 });
  await t.db.insert(messageTemplates).values({ text: '<p>Halo {name}</p>', text_wa: 'Halo {name}' });
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series, 0 when it has not been seen yet. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('answers 401 without a token, 403 with a wrong one, and the text format with the right one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: TEXT.tokenMissing });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    const right = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.body).toContain('process_resident_memory_bytes');
    expect(right.body).toContain('sewablast_timer_lateness_seconds_bucket');
    expect(right.body).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('does not exist on a server without METRICS_TOKEN, and is no operation of the OpenAPI document', async () => {
    const closed = await buildTestApp();
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
    expect((await readOperations(t.app)).map((operation) => operation.path)).not.toContain('/metrics');
  });

  it('labels HTTP latency by the route pattern and status class, never by the URL sent', async () => {
    const dev = await t.loginAs('dev');
    await t.app.inject({ method: 'GET', url: '/api/admin/level/987654', headers: dev.headers });
    await t.app.inject({ method: 'GET', url: '/api/admin/level/987655', headers: dev.headers });
    await t.app.inject({ method: 'GET', url: '/no/such/path/123' });
    const text = await scrape();
    expect(
      seriesValue(
        text,
        'sewablast_http_request_duration_seconds_count{method="GET",route="/api/admin/level/:id",status_class="4xx"}',
      ),
    ).toBe(2);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('/no/such/path');
  });

  it("counts a blast's sends by outcome, the live channel's sockets and events, and the held sessions", async () => {
    const dev = await t.loginAs('dev');
    const member = await t.loginAs('member');
    await t.db.insert(phoneNumbers).values([
      { number: '628560000001', name: 'Satu' },
      { number: '628560000002', name: 'Dua' },
    ]);
    const before = await scrape();
    const live = await openLive(base, `id=client-${member.user.id}&token=${member.token}`);
    const id = 'metrics-device';
    const post = (url: string, headers: { authorization: string }, payload: object) =>
      t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
    await post('/api/admin/whatsapp/new-client', member.headers, { deviceId: id, userId: member.user.id });
    await live.next('qr', (message) => message.payload.deviceId === id);
    await post(`/dev/simulator/${id}/scan`, dev.headers, {});
    await live.next('connection.update', (message) => message.payload.state === 'connected');
    const during = await scrape();
    expect(seriesValue(during, 'sewablast_live_connections')).toBe(
      seriesValue(before, 'sewablast_live_connections') + 1,
    );
    expect(seriesValue(during, 'sewablast_sessions{state="connected"}')).toBeGreaterThanOrEqual(1);

    await post('/api/admin/whatsapp/start-blasting', member.headers, {
      whatsappClientId: id,
      socketClientId: `client-${member.user.id}`,
      loop: false,
    });
    await live.next('finished', (message) => message.payload.deviceId === id, 10_000);
    live.close();
    const after = await scrape();
    const sent = (text: string) => seriesValue(text, 'sewablast_sends_total{outcome="success",source="blast"}');
    expect(sent(after) - sent(before)).toBe(2);
    const events = (text: string) => seriesValue(text, 'sewablast_live_events_total{event="count_success"}');
    expect(events(after) - events(before)).toBe(2);
    expect(after).toMatch(/^sewablast_loops\{kind="blast"\} \d+$/m);
    expect(after).toMatch(/^sewablast_loops\{kind="generator"\} 0$/m);
  });

  it('counts an account taken over from a process whose lease lapsed, and not one given back', async () => {
    const host = t.services.host;
    if (!host) throw new Error('no session host');
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, 'metrics-device'));
    expect(account?.auth_state).not.toBeNull();
    const takeovers = async () => seriesValue(await scrape(), 'sewablast_lease_takeovers_total');
    const before = await takeovers();
    await t.db
      .update(whatsappAccounts)
      .set({ owner_id: 'gone-worker', lease_until: new Date(Date.now() - 60_000) })
      .where(eq(whatsappAccounts.clientid, 'metrics-device'));
    await host.start();
    await host.stop();
    expect(await takeovers()).toBe(before + 1);
    // Given back by the stop: claimed again, but nobody's lease lapsed.
    await host.start();
    await host.stop();
    expect(await takeovers()).toBe(before + 1);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics and the probes on a listener of its own, asking for the token only when one is set', async () => {
    const lifecycle = createLifecycle();
    const readiness = () => checkReadiness({ db: t.db, bus: t.bus, lifecycle });
    const open = await startMetricsListener({
      host: '127.0.0.1',
      port: 0,
      token: undefined,
      scrape: () => t.app.scrapeMetrics(),
      readiness,
    });
    const closed = await startMetricsListener({
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      scrape: () => t.app.scrapeMetrics(),
      readiness,
    });
    const url = (server: typeof open, path: string) => {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}${path}`;
    };
    try {
      const scraped = await fetch(url(open, '/metrics'));
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('sewablast_http_request_duration_seconds_bucket');
      expect((await fetch(url(closed, '/metrics'))).status).toBe(401);
      expect((await fetch(url(closed, '/metrics'), { headers: bearer })).status).toBe(200);
      expect((await fetch(url(closed, '/api/health/ready'))).status).toBe(200);
      expect((await fetch(url(closed, '/api/health/live'))).status).toBe(200);
      expect((await fetch(url(closed, '/api/admin/users'))).status).toBe(404);
    } finally {
      open.close();
      closed.close();
    }
  });
});
