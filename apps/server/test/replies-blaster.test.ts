import { senderNumber } from '@sewablast/contract/phonenumber';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { BLASTER_MAX_TARGETS, BLASTER_TEXT } from '@sewablast/contract/whatsapp';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, messageLogs, messageTemplates, phoneNumbers, whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { openLive } from './ws.ts';

let t: TestApp;
let base: string;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  // Every contact moved to a LID: its replies may come from the LID (issue 22).
  t = await buildTestApp({
    simulator: { rates: { transient: 0, disconnect: 0, ban: 0, rejected: 0, lidContacts: 1 } },
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await t.loginAs('dev');
});
afterAll(() => t.close());

let devices = 0;
const post = (url: string, headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const get = (url: string, headers: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });

async function linkedMember() {
  const member = await t.loginAs('member');
  const live = await openLive(base, `id=client-${member.user.id}&token=${member.token}`);
  const id = `reply-${Date.now().toString(36)}-${++devices}`;
  await post('/api/admin/whatsapp/new-client', member.headers, { deviceId: id, userId: member.user.id });
  await live.next('qr', (message) => message.payload.deviceId === id);
  await post(`/dev/simulator/${id}/scan`, dev.headers, {});
  const linked = await live.next('authenticated', (message) => message.payload.deviceId === id);
  await live.next('connection.update', (message) => message.payload.state === 'connected');
  live.close();
  return { member, id, phone: String(linked.payload.phonenumber) };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statusOf = async (number: string) =>
  (await t.db.select({ status: phoneNumbers.status }).from(phoneNumbers).where(eq(phoneNumbers.number, number)))[0]
    ?.status;

describe('replies', () => {
  it('reads a sender as phone_numbers stores it', () => {
    expect(senderNumber('6281234567890@s.whatsapp.net')).toBe('6281234567890');
    expect(senderNumber('6281234567890:12@s.whatsapp.net')).toBe('6281234567890');
    expect(senderNumber('0812-3456-7890')).toBe('6281234567890');
  });

  it('keeps the latest incoming message, and STOP or a stop button makes the number nonactive', async () => {
    await t.db.insert(phoneNumbers).values([
      { number: '6285700000001', name: 'Satu' },
      { number: '6285700000002', name: 'Dua' },
      { number: '6285700000003', name: 'Tiga' },
    ]);
    await t.db.insert(messageTemplates).values({
      text: '<p>Promo</p>',
      text_wa: 'Promo',
      buttons: [{ id: '1', title: 'Berhenti langganan', url: 'UNREG', type: 'stop_button' }],
    });
    const { member, id } = await linkedMember();
    const listen = () => get(`/api/admin/whatsapp/listen-message-created/${id}`, member.headers);
    expect((await listen()).json()).toEqual({ message: null });

    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: '6285700000001', text: 'Halo, ini siapa?' });
    const first = await until(listen, (response) => response.json().message !== null);
    expect(first.json().message).toMatchObject({ from: '6285700000001', text: 'Halo, ini siapa?' });
    expect(await statusOf('6285700000001')).toBe('active');

    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: '6285700000001', text: '  stop ' });
    await until(
      () => statusOf('6285700000001'),
      (status) => status === 'nonactive',
    );
    expect(await statusOf('6285700000001')).toBe('nonactive');

    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: '085700000002', text: 'unreg' });
    await until(
      () => statusOf('6285700000002'),
      (status) => status === 'nonactive',
    );
    expect(await statusOf('6285700000002')).toBe('nonactive');
    expect((await listen()).json().message).toMatchObject({ from: '6285700000002', text: 'unreg' });
    expect(await statusOf('6285700000003')).toBe('active');

    const other = await t.loginAs('member');
    expect((await get(`/api/admin/whatsapp/listen-message-created/${id}`, other.headers)).statusCode).toBe(403);
    const admin = await t.loginAs('admin');
    expect((await get(`/api/admin/whatsapp/listen-message-created/${id}`, admin.headers)).statusCode).toBe(200);
  });

  it('makes the number nonactive for a STOP from the LID WhatsApp moved it to', async () => {
    await t.db.insert(phoneNumbers).values({ number: '6285700000004', name: 'Empat' });
    const { id, phone } = await linkedMember();
    const admin = await t.loginAs('admin');
    await post('/api/admin/whatsapp/send-message/1', admin.headers, {
      senders: phone,
      targets: '6285700000004',
      message: 'Promo',
    });
    const lid = t.simulator.sentBy(id)[0]?.lid;
    expect(lid).toMatch(/@lid$/);
    await post(`/dev/simulator/${id}/reply`, dev.headers, { from: lid, text: 'STOP' });
    await until(
      () => statusOf('6285700000004'),
      (status) => status === 'nonactive',
    );
    expect(await statusOf('6285700000004')).toBe('nonactive');
  });
});

describe('blaster', () => {
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  beforeAll(async () => {
    admin = await t.loginAs('admin');
  });

  it('sends the message from a connected account to each chosen number, unpaid and uncounted', async () => {
    const { member, id, phone } = await linkedMember();
    await t.db.insert(phoneNumbers).values({ number: '6285800000001', name: 'Rina' });
    const sent = await post('/api/admin/whatsapp/send-message/1', admin.headers, {
      senders: phone,
      targets: '6285800000001, 085800000002',
      message: 'Halo {name} ({phoneNumber})',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      msg: BLASTER_TEXT.sentBody,
      results: [
        { number: '6285800000001', status: 'success', error: null },
        { number: '6285800000002', status: 'success', error: null },
      ],
    });
    const delivered = t.simulator.sentBy(id).map((record) => [record.to, record.text]);
    expect(delivered).toEqual([
      ['6285800000001', 'Halo Rina (6285800000001)'],
      ['6285800000002', 'Halo  (6285800000002)'],
    ]);
    const [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id));
    expect([account?.count_success, account?.income]).toEqual([0, 0]);
    expect(await t.db.select().from(messageLogs).where(eq(messageLogs.user_id, member.user.id))).toEqual([]);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.user_id, member.user.id))).toEqual([]);
  });

  it('refuses a member, a sender that is not connected or not linked, or bad receivers, naming why', async () => {
    const { member, id, phone } = await linkedMember();
    const send = (who: { headers: { authorization: string } }, body: object) =>
      post('/api/admin/whatsapp/send-message/1', who.headers, body);

    // The Blaster is the operators' tool: not even the account's owner may use it (issue 9 item 2).
    const own = await send(member, { senders: phone, targets: 'All', message: 'x' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    expect(t.simulator.sentBy(id)).toEqual([]);

    const unknown = await send(admin, { senders: '6281299999999', targets: '6285800000001', message: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ senders: BLASTER_TEXT.senderUnknown });

    const bad = await send(admin, { senders: phone, targets: '6285800000001,12ab', message: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ targets: BLASTER_TEXT.badReceiver('12ab') });

    const empty = await send(admin, { senders: phone, targets: ' ', message: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('targets');

    const many = Array.from({ length: BLASTER_MAX_TARGETS + 1 }, (_, i) => `62859${String(i).padStart(8, '0')}`);
    const tooMany = await send(admin, { senders: phone, targets: many.join(','), message: 'x' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe(BLASTER_TEXT.tooManyReceivers(many.length, BLASTER_MAX_TARGETS));

    // A ban, unlike a dropped connection, does not come back by itself while the test looks.
    await post(`/dev/simulator/${id}/ban`, dev.headers, {});
    await until(
      async () => (await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, id)))[0]?.state ?? '',
      (state) => state === 'suspended',
    );
    const offline = await send(admin, { senders: phone, targets: '6285800000001', message: 'x' });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().msg).toBe(BLASTER_TEXT.notConnected(phone, 'suspended'));
  });

  it("sends to every active number with 'All', and refuses 'All' past the limit", async () => {
    const { id, phone } = await linkedMember();
    await t.db.update(phoneNumbers).set({ status: 'nonactive' });
    await t.db.insert(phoneNumbers).values([
      { number: '6285900000001', name: 'A' },
      { number: '6285900000002', name: 'B' },
    ]);
    const all = await post('/api/admin/whatsapp/send-message/1', admin.headers, {
      senders: phone,
      targets: 'All',
      message: 'Untuk semua',
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().results.map((result: { number: string }) => result.number)).toEqual([
      '6285900000001',
      '6285900000002',
    ]);
    expect(t.simulator.sentBy(id)).toHaveLength(2);

    await t.db.insert(phoneNumbers).values(
      Array.from({ length: BLASTER_MAX_TARGETS }, (_, i) => ({
        number: `628591${String(i).padStart(7, '0')}`,
        name: '',
      })),
    );
    const tooMany = await post('/api/admin/whatsapp/send-message/1', admin.headers, {
      senders: phone,
      targets: 'All',
      message: 'Untuk semua',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe(BLASTER_TEXT.tooManyReceivers(BLASTER_MAX_TARGETS + 2, BLASTER_MAX_TARGETS));
    await t.db.delete(phoneNumbers).where(like(phoneNumbers.number, '628591%'));
  });
});
