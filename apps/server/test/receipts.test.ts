/**
 * Delivery receipts, the account's own name and the sent-message store (issue 13), through the session
 * host's own event path: a receipt marks the log of the message it names and counts the account's delivery
 * once, only for a success and only while this worker's lease holds the account; a profile names the
 * account; the store keeps what a session sent for retry requests, and the host prunes it.
 */
import type { TAccountLiveMessage, TLiveMessage } from '@sewablast/contract/live';
import { isJobEvent } from '@sewablast/contract/live-channel';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  messageLogs,
  messageTemplates,
  phoneNumbers,
  settings,
  whatsappAccounts,
  whatsappSentMessages,
} from '../src/db/schema.ts';
import { recordReceipts } from '../src/engine/session/receipts.ts';
import { pruneSentMessages, SentMessages } from '../src/engine/session/sent-messages.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { recordSend } from '../src/ledger/record-send.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { createMessageLogService } from '../src/modules/messagelog/service.ts';
import { createPhoneNumberService } from '../src/modules/phonenumber/service.ts';
import { createProxyService } from '../src/modules/proxy/service.ts';
import { createWhatsappService } from '../src/modules/whatsapp/service.ts';
import type { OpenSessionOptions, SessionEvent, WaDriver, WaSession } from '../src/wa/driver.ts';
import { QUIET_RATES, SimulatorDriver, type SimulatorRates } from '../src/wa/simulator.ts';
import { aSimulatorAccount } from './factories.ts';
import { seededTestDatabase } from './harness.ts';

/** The simulator, with a tap that lets the test speak for WhatsApp on a session the host opened. */
class TappedDriver implements WaDriver {
  readonly name = 'simulator';
  readonly opened = new Map<string, OpenSessionOptions>();
  private readonly listeners = new Map<string, Set<(event: SessionEvent) => void>>();

  constructor(private readonly inner: SimulatorDriver) {}

  async open(options: OpenSessionOptions): Promise<WaSession> {
    const session = await this.inner.open(options);
    this.opened.set(options.deviceId, options);
    const listeners = new Set<(event: SessionEvent) => void>();
    this.listeners.set(options.deviceId, listeners);
    return {
      deviceId: session.deviceId,
      subscribe: (listener) => {
        listeners.add(listener);
        const off = session.subscribe(listener);
        return () => {
          listeners.delete(listener);
          off();
        };
      },
      sendMessage: (to, message) => session.sendMessage(to, message),
      checkNumber: (number) => session.checkNumber(number),
      logout: () => session.logout(),
      close: () => session.close(),
    };
  }

  emit(deviceId: string, event: SessionEvent): void {
    for (const listener of this.listeners.get(deviceId) ?? []) listener(event);
  }
}

let database: Database;
let userId: number;
beforeAll(async () => {
  const seeded = await seededTestDatabase();
  database = seeded;
  userId = seeded.devId;
});
afterAll(() => database.close());

const hosts: SessionHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const rowOf = async (clientid: string) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid)))[0];

let accounts = 0;
/** A linked account held by a fresh host, its live events collected. */
async function heldAccount(options: { secondMs?: number; rates?: Partial<SimulatorRates> } = {}) {
  accounts += 1;
  const account = await aSimulatorAccount(database.db, { userId, tag: 'receipts' }, { pushname: 'Andi' });
  const { clientid } = account;
  const driver = new TappedDriver(
    new SimulatorDriver({
      seed: 31 + accounts,
      scanMs: 60_000,
      delayMs: [1, 2],
      reconnectMs: 60_000,
      // Receipts only where a test asks for them; the others speak for WhatsApp themselves.
      rates: { ...QUIET_RATES, delivered: 0, read: 0, ...options.rates },
      receiptMs: [1, 5],
    }),
  );
  const bus = createMemoryBus();
  const events: TLiveMessage[] = [];
  bus.subscribe(({ message }) => {
    if (message.payload.deviceId === clientid) events.push(message);
  });
  const host = new SessionHost({
    files: createFileStore(database.db),
    db: database.db,
    driver,
    bus,
    proxyOf: async () => null,
    releaseProxy: async () => {},
    renewMs: 600_000,
    claimMs: 600_000,
    secondMs: options.secondMs,
  });
  hosts.push(host);
  await host.start();
  expect(host.holds(clientid)).toBe(true);
  // The restored session's own events first, so that the test's events are the last ones applied.
  await until(() =>
    events.some((message) => message.event === 'connection.update' && message.payload.state === 'connected'),
  );
  let settled = 0;
  return {
    clientid,
    accountId: account.id,
    driver,
    host,
    events,
    emit: (event: SessionEvent) => driver.emit(clientid, event),
    /** Waits until every event emitted so far is applied: the host applies a session's events in order. */
    settle: async () => {
      const pushname = `Andi ${++settled}`;
      driver.emit(clientid, { type: 'profile', pushname });
      await until(async () => (await rowOf(clientid))?.pushname === pushname);
    },
  };
}

let sends = 0;
async function logged(accountId: number, status: 'success' | 'fail', waMessageId: string | null) {
  const recorded = await recordSend(database.db, {
    accountId,
    phoneNumberId: null,
    templateId: null,
    status,
    error: status === 'fail' ? '500: failed' : null,
    sendKey: `receipts-${++sends}`,
    waMessageId,
  });
  if (!recorded) throw new Error('not recorded');
  return recorded.logId;
}

const logOf = async (id: number) => (await database.db.select().from(messageLogs).where(eq(messageLogs.id, id)))[0];

describe('delivery receipts', () => {
  it('mark the log delivered then read, count the delivery once, and announce it', async () => {
    const account = await heldAccount();
    const first = await logged(account.accountId, 'success', 'WA-1');
    const second = await logged(account.accountId, 'success', 'WA-2');

    account.emit({ type: 'receipt', id: 'WA-1', status: 'delivered' });
    account.emit({ type: 'receipt', id: 'WA-1', status: 'delivered' });
    account.emit({ type: 'receipt', id: 'WA-1', status: 'read' });
    account.emit({ type: 'receipt', id: 'WA-1', status: 'read' });
    await account.settle();

    const log = await logOf(first);
    expect(log?.delivered_at).toBeInstanceOf(Date);
    expect(log?.read_at).toBeInstanceOf(Date);
    expect((log?.read_at?.getTime() ?? 0) >= (log?.delivered_at?.getTime() ?? Infinity)).toBe(true);
    expect(await logOf(second)).toMatchObject({ delivered_at: null, read_at: null });
    expect((await rowOf(account.clientid))?.count_delivered).toBe(1);
    expect(account.events.filter((message) => message.event === 'count_delivered')).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ count_delivered: 1, deviceId: account.clientid }) }),
    ]);
    // Income was paid on the send and stays as it was.
    expect((await rowOf(account.clientid))?.income).toBe(
      (await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.accountId))).reduce(
        (sum, row) => sum + row.fee,
        0,
      ),
    );
  });

  it('record a batch of many messages in one statement: each log once, each account counted and announced once', async () => {
    const mine = await heldAccount();
    const others = await heldAccount();
    const both = await logged(mine.accountId, 'success', 'WA-BATCH-1');
    const delivered = await logged(mine.accountId, 'success', 'WA-BATCH-2');
    const notHeld = await logged(others.accountId, 'success', 'WA-BATCH-3');
    await logged(mine.accountId, 'fail', null);
    const before = (await rowOf(mine.clientid))?.count_delivered ?? 0;

    // The second account is held by another worker: its receipt in the same batch changes nothing.
    const results = await recordReceipts(database.db, mine.host.workerId, [
      { accountId: mine.accountId, receipt: { id: 'WA-BATCH-1', status: 'delivered' } },
      { accountId: mine.accountId, receipt: { id: 'WA-BATCH-1', status: 'read' } },
      { accountId: mine.accountId, receipt: { id: 'WA-BATCH-2', status: 'delivered' } },
      { accountId: others.accountId, receipt: { id: 'WA-BATCH-3', status: 'delivered' } },
      { accountId: mine.accountId, receipt: { id: 'WA-BATCH-UNKNOWN', status: 'read' } },
    ]);
    expect(results.map((result) => result.logged)).toEqual([true, true, true, true, false]);
    expect(results.map((result) => result.account?.count_delivered)).toEqual([
      before + 2,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(await logOf(both)).toMatchObject({ delivered_at: expect.any(Date), read_at: expect.any(Date) });
    expect(await logOf(delivered)).toMatchObject({ delivered_at: expect.any(Date), read_at: null });
    expect(await logOf(notHeld)).toMatchObject({ delivered_at: null, read_at: null });
    expect((await rowOf(mine.clientid))?.count_delivered).toBe(before + 2);
    expect((await rowOf(others.clientid))?.count_delivered).toBe(0);

    // The same batch again counts nothing.
    const again = await recordReceipts(database.db, mine.host.workerId, [
      { accountId: mine.accountId, receipt: { id: 'WA-BATCH-1', status: 'read' } },
      { accountId: mine.accountId, receipt: { id: 'WA-BATCH-2', status: 'delivered' } },
    ]);
    expect(again).toEqual([
      { logged: true, account: undefined },
      { logged: true, account: undefined },
    ]);
    expect((await rowOf(mine.clientid))?.count_delivered).toBe(before + 2);
  });

  it('count after a Reset only the messages sent since, as success is counted', async () => {
    const account = await heldAccount();
    const before = await logged(account.accountId, 'success', 'WA-BEFORE-RESET');
    const whatsapp = createWhatsappService({
      db: database.db,
      proxies: createProxyService(database.db),
      phoneNumbers: createPhoneNumberService(database.db),
      bus: createMemoryBus(),
      engine: null,
    });
    const reset = await whatsapp.reset({ id: userId, role: 'dev' }, account.accountId);
    expect(reset).toMatchObject({ count_success: 0, count_delivered: 0 });

    // The receipt of a message sent before the reset arrives after it: its log is marked, nothing is counted.
    account.emit({ type: 'receipt', id: 'WA-BEFORE-RESET', status: 'delivered' });
    await account.settle();
    expect((await logOf(before))?.delivered_at).toBeInstanceOf(Date);
    expect(await rowOf(account.clientid)).toMatchObject({ count_success: 0, count_delivered: 0 });

    await logged(account.accountId, 'success', 'WA-AFTER-RESET');
    account.emit({ type: 'receipt', id: 'WA-AFTER-RESET', status: 'delivered' });
    await account.settle();
    expect(await rowOf(account.clientid)).toMatchObject({ count_success: 1, count_delivered: 1 });
  });

  it('count a read that comes before its delivered once, as delivered', async () => {
    const account = await heldAccount();
    const id = await logged(account.accountId, 'success', 'WA-READ-FIRST');
    account.emit({ type: 'receipt', id: 'WA-READ-FIRST', status: 'read' });
    await account.settle();
    const read = await logOf(id);
    expect(read?.delivered_at).toBeInstanceOf(Date);
    expect(read?.read_at).toBeInstanceOf(Date);

    account.emit({ type: 'receipt', id: 'WA-READ-FIRST', status: 'delivered' });
    await account.settle();
    expect((await logOf(id))?.delivered_at).toEqual(read?.delivered_at);
    expect((await rowOf(account.clientid))?.count_delivered).toBe(1);
  });

  it('never count a failed send, nor ids the logs do not know, nor another account’s message', async () => {
    const account = await heldAccount();
    const other = await heldAccount();
    const failed = await logged(account.accountId, 'fail', 'WA-FAILED');
    const others = await logged(other.accountId, 'success', 'WA-OTHER');
    account.emit({ type: 'receipt', id: 'WA-FAILED', status: 'delivered' });
    account.emit({ type: 'receipt', id: 'WA-UNKNOWN', status: 'read' });
    account.emit({ type: 'receipt', id: 'WA-OTHER', status: 'delivered' });
    await account.settle();
    expect(await logOf(failed)).toMatchObject({ delivered_at: null, read_at: null });
    expect(await logOf(others)).toMatchObject({ delivered_at: null });
    expect((await rowOf(account.clientid))?.count_delivered).toBe(0);
    expect((await rowOf(other.clientid))?.count_delivered).toBe(0);
    expect(account.events.some((message) => message.event === 'count_delivered')).toBe(false);
    expect(account.host.holds(account.clientid)).toBe(true);
  });

  it('write nothing once the lease passed to another worker', async () => {
    const account = await heldAccount();
    const id = await logged(account.accountId, 'success', 'WA-LATE');
    await database.db
      .update(whatsappAccounts)
      .set({ owner_id: 'another-worker' })
      .where(eq(whatsappAccounts.id, account.accountId));
    account.emit({ type: 'receipt', id: 'WA-LATE', status: 'delivered' });
    account.emit({ type: 'profile', pushname: 'Bukan Andi' });
    // The profile's write finds no row it may change, and the host lets the session go.
    await until(() => !account.host.holds(account.clientid));
    expect(await logOf(id)).toMatchObject({ delivered_at: null });
    expect(await rowOf(account.clientid)).toMatchObject({ count_delivered: 0, pushname: 'Andi' });
    expect(account.events.some((message) => ['count_delivered', 'profile'].includes(message.event))).toBe(false);
  });

  it('that arrived before a graceful stop are written before the stop gives the lease back', async () => {
    const account = await heldAccount();
    const logs: number[] = [];
    for (let i = 0; i < 100; i++) logs.push(await logged(account.accountId, 'success', `WA-STOP-${i}`));
    for (let i = 0; i < 100; i++) account.emit({ type: 'receipt', id: `WA-STOP-${i}`, status: 'delivered' });
    await account.host.stop();

    const delivered = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageLogs)
      .where(sql`${messageLogs.id} in ${logs} and ${messageLogs.delivered_at} is not null`);
    expect(delivered[0]?.n).toBe(100);
    expect((await rowOf(account.clientid))?.count_delivered).toBe(100);
  });

  it('that arrive during a graceful stop start no blast again once the loops have stopped', async () => {
    const account = await heldAccount();
    await database.db
      .update(whatsappAccounts)
      .set({ blasting: true })
      .where(eq(whatsappAccounts.clientid, account.clientid));
    // A reconnect asks the host to bring the account's loop in line: applied while the host stops.
    account.emit({ type: 'connection', state: 'connected' });
    await account.host.stop();
    expect(account.host.activity().blasts).toBe(0);
  });

  it("show on the member's figures, and in the counts a reconnect announces", async () => {
    const account = await heldAccount();
    await logged(account.accountId, 'success', 'WA-FIG-1');
    await logged(account.accountId, 'success', 'WA-FIG-2');
    account.emit({ type: 'receipt', id: 'WA-FIG-2', status: 'delivered' });
    await account.settle();
    const figures = createMessageLogService(database.db, 'Asia/Jakarta');
    const counts = await figures.countFor({ id: userId, role: 'dev' }, userId);
    expect(counts.deliveredCount).toBeGreaterThanOrEqual(1);
    expect(counts.deliveredCount).toBeLessThanOrEqual(counts.successCount);

    const before = account.events.length;
    account.emit({ type: 'connection', state: 'connected' });
    const synced = () =>
      account.events
        .slice(before)
        .filter((message) => message.event === 'count_synced')
        .find((message): message is Extract<TAccountLiveMessage, { event: 'count_synced' }> => !isJobEvent(message));
    await until(() => synced() !== undefined);
    expect(synced()?.payload.count_delivered).toBe(1);
  });
});

describe('the account profile', () => {
  it('names the account once WhatsApp tells its name, and announces only a change', async () => {
    const account = await heldAccount();
    account.emit({ type: 'profile', pushname: 'Andi Baru' });
    await until(async () => (await rowOf(account.clientid))?.pushname === 'Andi Baru');
    account.emit({ type: 'profile', pushname: 'Andi Baru' });
    account.emit({ type: 'profile', pushname: '' });
    await account.settle();
    const profiles = account.events.filter((message) => message.event === 'profile');
    expect(profiles.map((message) => message.payload.pushname)).toEqual(['Andi Baru', 'Andi 1']);
  });
});

describe('a blast', () => {
  it("keeps WhatsApp's id of each successful send on its log, and counts the simulator's receipts once each", async () => {
    await database.db.update(settings).set({ interval_min: 1, interval_max: 1 });
    await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
    await database.db
      .insert(phoneNumbers)
      .values([0, 1, 2].map((i) => ({ number: `62857100000${i}`, name: `Penerima ${i}` })));
    const account = await heldAccount({ secondMs: 1, rates: { delivered: 1, read: 1 } });
    await database.db
      .update(whatsappAccounts)
      .set({ blasting: true })
      .where(eq(whatsappAccounts.id, account.accountId));
    await account.host.reconcile(account.clientid);
    const logsOf = () => database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.accountId));
    const successes = async () => (await logsOf()).filter((log) => log.status === 'success');
    // The blast does not loop: it ends after the three numbers, and the session stays open for their receipts.
    await until(async () => (await successes()).length === 3, 10_000);

    const logs = await successes();
    expect(logs.every((log) => typeof log.wa_message_id === 'string')).toBe(true);
    expect(new Set(logs.map((log) => log.wa_message_id)).size).toBe(logs.length);
    // Every message is reported delivered, then read: each marks its own log and counts once.
    await until(async () => (await successes()).every((log) => log.delivered_at !== null && log.read_at !== null));
    await account.host.halt(account.clientid);
    account.emit({ type: 'receipt', id: logs[0]?.wa_message_id ?? '', status: 'delivered' });
    await account.settle();
    expect((await rowOf(account.clientid))?.count_delivered).toBe(logs.length);
    const announced = account.events.filter((message) => message.event === 'count_delivered');
    expect(announced.map((message) => message.payload.count_delivered)).toEqual(logs.map((_, i) => i + 1));
  });
});

describe('the sent-message store', () => {
  it('is given to every session the host opens, keeps the first content of an id, and knows only its account', async () => {
    const account = await heldAccount();
    const store = account.driver.opened.get(account.clientid)?.sentMessages;
    if (!store) throw new Error('the host gave the session no sent-message store');
    await store.put('MSG-1', new Uint8Array([1, 2, 3]));
    await store.put('MSG-1', new Uint8Array([9]));
    expect([...((await store.get('MSG-1')) ?? [])]).toEqual([1, 2, 3]);
    expect(await store.get('MSG-2')).toBeUndefined();
    const other = await heldAccount();
    expect(await new SentMessages(database.db).of(other.accountId).get('MSG-1')).toBeUndefined();
  });

  it('is pruned of what is older than three days', async () => {
    const account = await heldAccount();
    const store = new SentMessages(database.db).of(account.accountId);
    await store.put('FRESH', new Uint8Array([1]));
    await store.put('OLD', new Uint8Array([2]));
    await database.db
      .update(whatsappSentMessages)
      .set({ created_at: sql`now() - interval '3 days 1 minute'` })
      .where(eq(whatsappSentMessages.message_id, 'OLD'));
    await pruneSentMessages(database.db);
    expect(await store.get('OLD')).toBeUndefined();
    expect([...((await store.get('FRESH')) ?? [])]).toEqual([1]);
  });
});
