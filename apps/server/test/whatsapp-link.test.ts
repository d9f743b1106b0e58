import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEvents, proxies, whatsappAccounts } from '../src/db/schema.ts';
import { type Engine, EngineUnavailable } from '../src/engine/engine.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createWhatsappService } from '../src/modules/whatsapp/service.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { openLive } from './ws.ts';

let t: TestApp;
let base: string;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await t.loginAs('dev');
});
afterAll(() => t.close());

let devices = 0;
const deviceId = () => `device-${Date.now().toString(36)}-${++devices}`;

const post = (url: string, headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const get = (url: string, headers: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });

async function link(member: Awaited<ReturnType<TestApp['loginAs']>>, options: { phoneNumber?: string } = {}) {
  const live = await openLive(base, `id=client-${member.user.id}&token=${member.token}`);
  const id = deviceId();
  const created = await post('/api/admin/whatsapp/new-client', member.headers, {
    deviceId: id,
    previousDeviceId: null,
    userId: member.user.id,
    phoneNumber: options.phoneNumber ?? null,
  });
  return { live, id, created };
}

describe('linking an account', () => {
  it('goes QR → scan → authenticated → save, and keeps the credentials on the server', async () => {
    const member = await t.loginAs('member');
    const { live, id, created } = await link(member);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ proxyId: -1, message: WHATSAPP_TEXT.clientCreated });
    const qr = await live.next('qr', (message) => message.payload.deviceId === id);
    expect(qr.payload.qr).toMatch(/^2@/);

    const scan = await t.app.inject({ method: 'POST', url: `/dev/simulator/${id}/scan`, headers: dev.headers });
    expect(scan.statusCode).toBe(200);
    const authenticated = await live.next('authenticated', (message) => message.payload.deviceId === id);
    expect(authenticated.payload).toMatchObject({
      phonenumber: expect.stringMatching(/^628/),
      pushname: expect.any(String),
    });
    expect(authenticated.payload.server).toBe(t.services.host?.workerId);
    await live.next('connection.update', (message) => message.payload.state === 'connected');

    const saved = await post('/api/admin/whatsapp/save', member.headers, {
      clientid: id,
      phonenumber: '6200000000000',
      serialized: 'forged',
      user_id: 999,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().whatsapp).toMatchObject({
      clientid: id,
      user_id: member.user.id,
      state: 'connected',
      phonenumber: authenticated.payload.phonenumber,
    });

    const [row] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect(row?.auth_state).toBeTruthy();
    for (const url of [
      `/api/admin/whatsapp/${id}`,
      '/api/admin/whatsapp/list',
      `/api/admin/whatsapp/list/${member.user.id}`,
    ]) {
      const body = (await get(url, member.headers)).body;
      expect(body).not.toContain('auth_state');
      expect(body).not.toContain('simulator');
    }
    expect((await get(`/api/admin/whatsapp/client-state/${id}`, member.headers)).json()).toEqual({
      state: 'connected',
    });
    expect((await get(`/api/admin/whatsapp/count/${member.user.id}`, member.headers)).json()).toEqual({
      connectedCount: 1,
      disconnectedCount: 0,
    });
    const page = (await get('/api/admin/whatsapp/list-per-page?page=1&status=connected', member.headers)).json();
    expect(page.data.map((account: { clientid: string }) => account.clientid)).toEqual([id]);
    live.close();
  });

  it('tells the member a link WhatsApp refused for a passkey, and ends it instead of showing QR codes', async () => {
    const member = await t.loginAs('member');
    const { live, id } = await link(member);
    await live.next('qr', (message) => message.payload.deviceId === id);
    expect((await post(`/dev/simulator/${id}/passkey`, dev.headers, {})).statusCode).toBe(200);
    const refused = await live.next(
      'connection.update',
      (message) => message.payload.deviceId === id && message.payload.state === 'loggedOut',
    );
    expect(refused.payload.refusal).toBe('passkey');
    expect(t.services.host?.activity().clientids).not.toContain(id);
    live.close();
  });

  it('links by pairing code for the given number', async () => {
    const member = await t.loginAs('member');
    const { live, id } = await link(member, { phoneNumber: '6281299990000' });
    const code = await live.next('code', (message) => message.payload.deviceId === id);
    expect(code.payload.code).toMatch(/^[A-Z2-9]{8}$/);
    await post(`/dev/simulator/${id}/scan`, dev.headers, {});
    const authenticated = await live.next('authenticated', (message) => message.payload.deviceId === id);
    expect(authenticated.payload.phonenumber).toBe('6281299990000');
    live.close();
  });

  it("keeps a member away from another member's accounts", async () => {
    const owner = await t.loginAs('member');
    const other = await t.loginAs('member');
    const { live, id } = await link(owner);
    await live.next('qr');
    const forOther = await post('/api/admin/whatsapp/new-client', other.headers, {
      deviceId: deviceId(),
      userId: owner.user.id,
    });
    expect(forOther.statusCode).toBe(403);
    expect((await get(`/api/admin/whatsapp/${id}`, other.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/whatsapp/client-state/${id}`, other.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/whatsapp/list/${owner.user.id}`, other.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/whatsapp/list-per-page?user_id=${owner.user.id}`, other.headers)).statusCode).toBe(
      403,
    );
    expect((await post('/api/admin/whatsapp/remove-client', other.headers, { deviceId: id })).statusCode).toBe(403);
    expect((await post(`/dev/simulator/${id}/scan`, owner.headers, {})).statusCode).toBe(403);
    const admin = await t.loginAs('admin');
    expect((await get(`/api/admin/whatsapp/${id}`, admin.headers)).statusCode).toBe(200);
    live.close();
  });

  it('takes the least used free proxy, frees it on removal, and says when none is free', async () => {
    const [first, second] = await t.db
      .insert(proxies)
      .values([
        { value: 'p1.test:1000', count_use: 5 },
        { value: 'p2.test:1000', count_use: 1 },
      ])
      .returning();
    const member = await t.loginAs('member');
    const one = await link(member);
    expect(one.created.json().proxyId).toBe(second?.id);
    const two = await link(member);
    expect(two.created.json().proxyId).toBe(first?.id);
    const [linked] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, one.id));
    const logged = await t.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.account_id, linked?.id ?? 0));
    expect(logged.map((event) => [event.kind, event.detail])).toEqual([['proxy_changed', { proxy_id: second?.id }]]);
    const statuses = await t.db
      .select({ status: proxies.status, count_use: proxies.count_use })
      .from(proxies)
      .orderBy(proxies.id);
    expect(statuses).toEqual([
      { status: 'in use', count_use: 6 },
      { status: 'in use', count_use: 2 },
    ]);

    const three = await link(member);
    expect(three.created.statusCode).toBe(409);
    expect(three.created.json().msg).toBe(WHATSAPP_TEXT.proxyUnavailable);
    await three.live.next('proxy_unavailable', (message) => message.payload.deviceId === three.id);

    const removed = await post('/api/admin/whatsapp/remove-client', member.headers, { deviceId: one.id });
    expect(removed.statusCode).toBe(200);
    const [freed] = await t.db
      .select()
      .from(proxies)
      .where(eq(proxies.id, second?.id ?? 0));
    expect(freed?.status).toBe('active');
    expect(await t.services.whatsapp.byClientid(one.id)).toBeUndefined();
    for (const client of [one, two, three]) client.live.close();
    await t.db.delete(proxies);
  });

  it('re-links an account under a new client id and keeps its counters', async () => {
    const member = await t.loginAs('member');
    const { live, id } = await link(member);
    await post(`/dev/simulator/${id}/scan`, dev.headers, {});
    await live.next('authenticated', (message) => message.payload.deviceId === id);
    await t.db
      .update(whatsappAccounts)
      .set({ count_success: 12, count_fail: 3, income: 1200 })
      .where(eq(whatsappAccounts.clientid, id));
    const newId = deviceId();
    const again = await post('/api/admin/whatsapp/new-client', member.headers, {
      deviceId: newId,
      previousDeviceId: id,
      userId: member.user.id,
    });
    expect(again.statusCode).toBe(200);
    await live.next('qr', (message) => message.payload.deviceId === newId);
    const [before] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, newId));
    // The same phone scans again.
    await post(`/dev/simulator/${newId}/scan`, dev.headers, { phonenumber: before?.phonenumber });
    await live.next('authenticated', (message) => message.payload.deviceId === newId);
    const account = (await get(`/api/admin/whatsapp/${newId}`, member.headers)).json().whatsapp;
    expect(account).toMatchObject({ count_success: 12, count_fail: 3, income: 1200, state: 'connected' });
    expect(account.phonenumber).toBe(before?.phonenumber);
    // Gone: to a member, a missing account answers as another member's does.
    expect((await get(`/api/admin/whatsapp/${id}`, member.headers)).statusCode).toBe(403);
    expect((await get(`/api/admin/whatsapp/${id}`, dev.headers)).statusCode).toBe(404);
    live.close();
  });

  it("asks before a re-link by another phone replaces the account's number, and keeps it when told to", async () => {
    const member = await t.loginAs('member');
    const { live, id } = await link(member);
    await post(`/dev/simulator/${id}/scan`, dev.headers, { phonenumber: '6281211110000' });
    await live.next('authenticated', (message) => message.payload.deviceId === id);
    await t.db.update(whatsappAccounts).set({ count_success: 7, income: 700 }).where(eq(whatsappAccounts.clientid, id));

    const relink = async (previous: string, phonenumber: string) => {
      const next = deviceId();
      await post('/api/admin/whatsapp/new-client', member.headers, {
        deviceId: next,
        previousDeviceId: previous,
        userId: member.user.id,
      });
      await live.next('qr', (message) => message.payload.deviceId === next);
      await post(`/dev/simulator/${next}/scan`, dev.headers, { phonenumber });
      const held = await live.next(
        'connection.update',
        (message) => message.payload.deviceId === next && message.payload.state === 'numberChanged',
      );
      expect(held.payload.phonenumber).toBe(phonenumber);
      return next;
    };

    // Another phone scans: the account keeps its number, sends nothing, and the owner is asked.
    const second = await relink(id, '6281299998888');
    const heldRow = (await get(`/api/admin/whatsapp/${second}`, member.headers)).json().whatsapp;
    expect(heldRow).toMatchObject({ phonenumber: '6281211110000', state: 'numberChanged' });
    const start = await post('/api/admin/whatsapp/start-blasting', member.headers, {
      whatsappClientId: second,
      socketClientId: 'x',
      loop: false,
    });
    expect(start.statusCode).toBe(403);
    const other = await t.loginAs('member');
    const stranger = await post('/api/admin/whatsapp/confirm-number', other.headers, {
      deviceId: second,
      replace: true,
    });
    expect(stranger.statusCode).toBe(403);

    // Kept: the other phone's session ends, the number stays, and nothing is pending any more.
    const kept = await post('/api/admin/whatsapp/confirm-number', member.headers, { deviceId: second, replace: false });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().whatsapp).toMatchObject({ phonenumber: '6281211110000', state: 'loggedOut' });
    const again = await post('/api/admin/whatsapp/confirm-number', member.headers, { deviceId: second, replace: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(WHATSAPP_TEXT.noNumberPending);

    // Replaced: the new number is the account's, connected, with its counters; it warms up anew.
    await t.db
      .update(whatsappAccounts)
      .set({ sent_day: '2026-11-26', sent_count: 50, last_sent_at: new Date(), warmup_started_on: '2026-01-01' })
      .where(eq(whatsappAccounts.clientid, second));
    const third = await relink(second, '6281277776666');
    const replaced = await post('/api/admin/whatsapp/confirm-number', member.headers, {
      deviceId: third,
      replace: true,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().whatsapp).toMatchObject({
      phonenumber: '6281277776666',
      state: 'connected',
      count_success: 7,
      income: 700,
    });
    const [row] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, third));
    expect(row).toMatchObject({
      pending_phonenumber: null,
      sent_count: 0,
      sent_day: null,
      last_sent_at: null,
      warmup_started_on: null,
    });
    live.close();
  });

  it('restores a linked session in another process once the lease lapses, without a new QR', async () => {
    const member = await t.loginAs('member');
    const { live, id } = await link(member);
    await post(`/dev/simulator/${id}/scan`, dev.headers, {});
    await live.next('authenticated', (message) => message.payload.deviceId === id);
    live.close();
    await t.services.host?.stop();
    await t.db
      .update(whatsappAccounts)
      .set({ state: 'disconnected', lease_until: new Date(Date.now() - 60_000) })
      .where(eq(whatsappAccounts.clientid, id));

    const bus = createMemoryBus();
    const events: string[] = [];
    bus.subscribe(({ message }) => {
      if (message.payload.deviceId === id)
        events.push(`${message.event}:${'state' in message.payload ? message.payload.state : ''}`);
    });
    const other = new SessionHost({
      files: t.services.fileStore,
      db: t.db,
      driver: new SimulatorDriver({ seed: 9, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF }),
      bus,
      proxyOf: async () => null,
      releaseProxy: async () => {},
    });
    await other.start();
    try {
      const until = Date.now() + 5000;
      while (!events.includes('connection.update:connected') && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toContain('connection.update:connected');
      expect(events.some((event) => event.startsWith('qr'))).toBe(false);
      const [row] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
      expect(row).toMatchObject({ owner_id: other.workerId, state: 'connected' });
    } finally {
      await other.stop();
    }
  });

  it('answers 503 with the reason when no worker can take a new link', async () => {
    const member = await t.loginAs('member');
    const noWorker = 'Tidak ada worker yang memegang sesi akun ini.';
    const unreachable: Engine = {
      link: async () => {
        throw new EngineUnavailable(noWorker);
      },
      logout: async () => {},
      reconcile: async () => {},
      halt: async () => {},
      recheck: async () => {},
      sendNow: async () => ({ status: 'success', id: 'sent-1' }),
      simulate: async () => false,
    };
    const whatsapp = createWhatsappService({
      db: t.db,
      proxies: t.services.proxies,
      phoneNumbers: t.services.phoneNumbers,
      bus: createMemoryBus(),
      engine: unreachable,
    });
    const failure = await whatsapp
      .newClient({ id: member.user.id, role: 'member' }, { deviceId: deviceId(), userId: member.user.id })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'unavailable', message: noWorker });
  });
});

describe('searching the account list', () => {
  it("finds a part of a name, a number or a client id anywhere from three characters: 'Import' finds Ayu Import", async () => {
    const member = await t.loginAs('member');
    const stamp = Date.now().toString(36);
    const linked = (clientid: string, phonenumber: string, pushname: string) => ({
      clientid: `${clientid}-${stamp}`,
      user_id: member.user.id,
      phonenumber,
      pushname,
    });
    await t.db
      .insert(whatsappAccounts)
      .values([
        linked('toko-ayu', '6281377712345', 'Ayu Import'),
        linked('gudang', '6281377754321', 'Importir Jaya'),
        linked('kasir', '6281377700000', 'Budi'),
      ]);
    const search = async (term: string) => {
      const res = await get(
        `/api/admin/whatsapp/list-per-page?limit=100&search=${encodeURIComponent(term)}`,
        member.headers,
      );
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.map((account: { pushname: string }) => account.pushname)
        .sort();
    };
    expect(await search('Import')).toEqual(['Ayu Import', 'Importir Jaya']);
    expect(await search('IMPORT')).toEqual(['Ayu Import', 'Importir Jaya']);
    expect(await search('yu imp')).toEqual(['Ayu Import']);
    expect(await search('77712')).toEqual(['Ayu Import']);
    expect(await search(`kasir-${stamp}`.slice(2))).toEqual(['Budi']);
    // One or two characters find the start: 'Im' is Importir Jaya's, 'yu' is nobody's.
    expect(await search('Im')).toEqual(['Importir Jaya']);
    expect(await search('yu')).toEqual([]);
  });
});
