import { and, eq, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLogs, messageTemplates, phoneNumbers, settings, whatsappAccounts } from '../src/db/schema.ts';
import { ledgerSumOf } from './factories.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { openLive } from './ws.ts';

let t: TestApp;
let base: string;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp({ simulator: { rates: { transient: 0, disconnect: 0, ban: 0, rejected: 0 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await t.loginAs('dev');
  await t.db.update(settings).set({ interval_min: 1, interval_max: 1, price: 100, referral_percent: 10 });
  await t.db
    .insert(messageTemplates)
    .values({ text: '<p>Halo {name}</p>', text_wa: 'Halo {name}, nomor {phoneNumber}' });
});
afterAll(() => t.close());

let devices = 0;
const post = (url: string, headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

async function linkedMember() {
  const referrer = await t.loginAs('member');
  const member = await t.loginAs('member', { referred_by: referrer.user.id });
  const live = await openLive(base, `id=client-${member.user.id}&token=${member.token}`);
  const id = `blast-${Date.now().toString(36)}-${++devices}`;
  await post('/api/admin/whatsapp/new-client', member.headers, { deviceId: id, userId: member.user.id });
  await live.next('qr', (message) => message.payload.deviceId === id);
  await post(`/dev/simulator/${id}/scan`, dev.headers, {});
  await live.next('connection.update', (message) => message.payload.state === 'connected');
  return { referrer, member, live, id };
}

async function addNumbers(count: number, prefix: string) {
  await t.db.insert(phoneNumbers).values(
    Array.from({ length: count }, (_, i) => ({
      number: `${prefix}${String(i).padStart(4, '0')}`,
      name: `Penerima ${i}`,
    })),
  );
}

const sumFor = (userId: number) => ledgerSumOf(t.db, userId);

describe('blasting', () => {
  it('sends to every active number once, earns the fee and the referral share, and finishes', async () => {
    await addNumbers(3, '62855000');
    await t.db.update(phoneNumbers).set({ status: 'nonactive' }).where(eq(phoneNumbers.number, '628550000002'));
    const { referrer, member, live, id } = await linkedMember();
    const started = await post('/api/admin/whatsapp/start-blasting', member.headers, {
      whatsappClientId: id,
      socketClientId: `client-${member.user.id}`,
      loop: false,
    });
    expect(started.statusCode).toBe(200);
    await live.next('start', (message) => message.payload.deviceId === id);
    await live.next('finished', (message) => message.payload.deviceId === id, 10_000);

    const successes = live.all('count_success', (message) => message.payload.deviceId === id);
    expect(successes.map((message) => message.payload.count_success)).toEqual([1, 2]);
    expect(successes.at(-1)?.payload).toMatchObject({ income: 200 });
    expect(live.all('waiting').some((message) => message.payload.waitTime === 1)).toBe(true);
    expect(await sumFor(member.user.id)).toBe(200);
    expect(await sumFor(referrer.user.id)).toBe(20);
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect(account).toMatchObject({ count_success: 2, count_fail: 0, income: 200, blasting: false, status: 'idle' });
    const logs = await t.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.whatsapp_id, account?.id ?? 0));
    expect(logs).toHaveLength(2);
    const sent = t.simulator.sentBy(id);
    expect(sent.map((message) => message.text)).toEqual(
      expect.arrayContaining(['Halo Penerima 0, nomor 628550000000']),
    );
    expect(sent.some((message) => message.to === '628550000002')).toBe(false);
    live.close();
  });

  it('stops on request, and refuses to start on a disconnected account', async () => {
    await addNumbers(50, '62856000');
    const { member, live, id } = await linkedMember();
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: true });
    await live.next(
      'count_success',
      (message) => message.payload.deviceId === id && message.payload.count_success === 2,
      10_000,
    );
    const stopped = await post('/api/admin/whatsapp/stop-blasting', member.headers, { whatsappClientId: id });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().whatsapp).toMatchObject({ blasting: false, status: 'idle' });
    await live.next('stop', (message) => message.payload.deviceId === id, 10_000);
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageLogs)
      .where(eq(messageLogs.whatsapp_id, account?.id ?? 0));
    expect(account?.count_success).toBe(n);
    const inUse = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
    expect(inUse).toEqual([]);

    await t.db.update(whatsappAccounts).set({ state: 'disconnected' }).where(eq(whatsappAccounts.clientid, id));
    const refused = await post('/api/admin/whatsapp/start-blasting', member.headers, {
      whatsappClientId: id,
      loop: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Sambungan terputus, silahkan sambungkan ulang!');
    const other = await t.loginAs('member');
    expect((await post('/api/admin/whatsapp/stop-blasting', other.headers, { whatsappClientId: id })).statusCode).toBe(
      403,
    );
    live.close();
  });

  it('resumes after a dropped connection and resynchronises the counts', async () => {
    await addNumbers(20, '62856100');
    const { member, live, id } = await linkedMember();
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: true });
    await live.next('count_success', (message) => message.payload.deviceId === id, 10_000);
    live.messages.length = 0;
    await post(`/dev/simulator/${id}/disconnect`, dev.headers, {});
    await live.next('connection.update', (message) => message.payload.state === 'disconnected');
    const synced = await live.next('count_synced', (message) => message.payload.deviceId === id);
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect(synced.payload.count_success).toBeGreaterThanOrEqual(1);
    expect(synced.payload.count_success).toBeLessThanOrEqual(account?.count_success ?? 0);
    const before = Number(synced.payload.count_success);
    await live.next(
      'count_success',
      (message) => message.payload.deviceId === id && Number(message.payload.count_success) > before,
      10_000,
    );
    await post('/api/admin/whatsapp/stop-blasting', member.headers, { whatsappClientId: id });
    live.close();
  });

  it('suspends a banned account, and lets an admin activate it below 3 suspensions', async () => {
    const { member, live, id } = await linkedMember();
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: true });
    await live.next('count_success', (message) => message.payload.deviceId === id, 10_000);
    await post(`/dev/simulator/${id}/ban`, dev.headers, {});
    const suspended = await live.next('suspended', (message) => message.payload.deviceId === id);
    expect(suspended.payload.suspended_count).toBe(1);
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect(account).toMatchObject({ suspended: true, blasting: false, suspended_count: 1 });
    await live.next(
      'connection.update',
      (message) => message.payload.deviceId === id && message.payload.state === 'suspended',
    );
    const [after] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect(after?.state).toBe('suspended');

    expect((await post('/api/admin/whatsapp/activate', member.headers, { id: account?.id })).statusCode).toBe(403);
    const admin = await t.loginAs('admin');
    const activated = await post('/api/admin/whatsapp/activate', admin.headers, { id: account?.id });
    expect(activated.json().data).toMatchObject({ suspended: false, state: 'loggedOut' });
    await t.db
      .update(whatsappAccounts)
      .set({ suspended: true, suspended_count: 3 })
      .where(eq(whatsappAccounts.clientid, id));
    expect((await post('/api/admin/whatsapp/activate', admin.headers, { id: account?.id })).statusCode).toBe(409);

    const reset = await post('/api/admin/whatsapp/reset', member.headers, { id: account?.id });
    expect(reset.json().data).toMatchObject({ count_success: 0, count_fail: 0, income: 0 });
    expect(await sumFor(member.user.id)).toBeGreaterThan(0);
    live.close();
  });

  it('starts over when every number was sent in a looping blast, and says so when none is left', async () => {
    await t.db.update(phoneNumbers).set({ status: 'nonactive' });
    await addNumbers(2, '62858000');
    const { live, member, id } = await linkedMember();
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: true });
    // Whenever a number is in use, the account sending to it names it: a crash cannot strand it.
    for (let seen = 1; seen <= 5; seen++) {
      await live.next(
        'count_success',
        (message) => message.payload.deviceId === id && message.payload.count_success === seen,
        10_000,
      );
      // One statement, one snapshot: the next round may take, and its outcome free, a number meanwhile.
      const stranded = await t.db
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(
          and(
            eq(phoneNumbers.in_use, true),
            notExists(
              t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.blast_number_id, phoneNumbers.id)),
            ),
          ),
        );
      expect(stranded).toEqual([]);
    }
    await post('/api/admin/whatsapp/stop-blasting', member.headers, { whatsappClientId: id });
    const sentTo = t.simulator.sentBy(id).map((message) => message.to);
    expect(sentTo.filter((to) => to === '628580000000').length).toBeGreaterThanOrEqual(2);
    expect(sentTo.filter((to) => to === '628580000001').length).toBeGreaterThanOrEqual(2);
    expect(await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true))).toEqual([]);

    await t.db.update(phoneNumbers).set({ status: 'nonactive' });
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: true });
    const failed = await live.next('error_blast', (message) => message.payload.deviceId === id, 10_000);
    expect(failed.payload.sendError).toBe('Tidak ada nomor aktif untuk dikirimi.');
    await t.db.update(phoneNumbers).set({ status: 'active' });
    live.close();
  });

  it('keeps a running blast wanted across a graceful shutdown, so that it resumes', async () => {
    const { member, live, id } = await linkedMember();
    await post('/api/admin/whatsapp/start-blasting', member.headers, { whatsappClientId: id, loop: true });
    await live.next('count_success', (message) => message.payload.deviceId === id, 10_000);
    await t.services.host?.stop();
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect(account).toMatchObject({ blasting: true, status: 'idle', blast_number_id: null });
    expect(live.messages.some((message) => message.event === 'stop' && message.payload.deviceId === id)).toBe(false);
    live.close();
  });
});
