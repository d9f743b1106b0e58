/**
 * Accounts' health kept on their rows (engine/safety/health-read.ts): read from the event log and the message logs
 * (lagging deliveries, STOPs) of the last 24 hours, its trend against the window ending 6 hours earlier, a
 * decision logged once however many refreshers race, a bad signal making the account due at once, and only
 * the accounts this worker holds refreshed by its host.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageLogs, settings, whatsappAccounts } from '../src/db/schema.ts';
import { HEALTH_REFRESH_MS, refreshHealth, staleHealth } from '../src/engine/safety/health-read.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { accountEventsSince, recordAccountEvent } from '../src/rules/safety/account-events.ts';
import { healthSeries } from '../src/rules/safety/health-signals.ts';
import { aLinkedAccount, aUser } from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'health-read-worker';
const HOUR = 3_600_000;
let database: Database;
let userId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await aUser(database.db);
  userId = user.id;
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, health_slow_below: 70, health_pause_below: 40 });
});
afterAll(() => database.close());

const account = (clientid: string, workerId: string | null = WORKER) =>
  aLinkedAccount(database.db, { userId, workerId }, { clientid, blasting: false });

const row = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0];

describe("an account's health on its row", () => {
  it('counts lagging deliveries and STOPs from the message logs, and only settled sends as lagging', async () => {
    const lagging = await account('health-lagging');
    const now = new Date();
    const logs = (count: number, values: Partial<typeof messageLogs.$inferInsert>, key: string) =>
      Array.from({ length: count }, (_, i) => ({
        whatsapp_id: lagging.id,
        user_id: userId,
        status: 'success',
        send_key: `${key}-${i}`,
        ...values,
      }));
    // 20 sent two hours ago, none delivered; 20 sent a minute ago (not due yet); 2 STOPs among them.
    await database.db
      .insert(messageLogs)
      .values([
        ...logs(18, { sent_at: new Date(now.getTime() - 2 * HOUR) }, 'old'),
        ...logs(2, { sent_at: new Date(now.getTime() - 2 * HOUR), stopped_at: now }, 'stop'),
        ...logs(20, { sent_at: new Date(now.getTime() - 60_000) }, 'new'),
      ]);
    await refreshHealth(database.db, [lagging.id], { now, enforce: true });
    // 40 for every settled send lagging, 15 for 2 STOPs in 40 sends: 45, slowed.
    expect(await row(lagging.id)).toMatchObject({ health: 45, health_before: 100, health_state: 'slowed' });
  });

  it('has a trend against the window ending 6 hours earlier', async () => {
    const falling = await account('health-falling');
    const rising = await account('health-rising');
    const now = new Date();
    await recordAccountEvent(database.db, falling.id, 'restricted', {
      code: '463',
      at: new Date(now.getTime() - HOUR),
    });
    // Inside the earlier window, out of the current one.
    await recordAccountEvent(database.db, rising.id, 'restricted', {
      code: '463',
      at: new Date(now.getTime() - 26 * HOUR),
    });
    const changed = await refreshHealth(database.db, [falling.id, rising.id], { now, enforce: true });
    expect(changed.map((account) => [account.clientid, account.health, account.health_before])).toEqual(
      expect.arrayContaining([['health-falling', 88, 100]]),
    );
    expect(await row(rising.id)).toMatchObject({ health: 100, health_before: 88 });
  });

  it('logs a decision once when two refreshers race, and is due again after a bad signal', async () => {
    const paused = await account('health-paused');
    for (let i = 0; i < 6; i++) await recordAccountEvent(database.db, paused.id, 'restricted', { code: '463' });
    const now = new Date();
    await Promise.all([
      refreshHealth(database.db, [paused.id], { now, enforce: true }),
      refreshHealth(database.db, [paused.id], { now, enforce: true }),
    ]);
    const decisions = (await accountEventsSince(database.db, paused.id, new Date(0))).filter((event) =>
      event.kind.startsWith('health_'),
    );
    expect(decisions.map((event) => [event.kind, event.detail])).toEqual([
      ['health_paused', { health: 28, threshold: 40 }],
    ]);
    expect(await row(paused.id)).toMatchObject({ health: 28, health_state: 'paused' });

    const elsewhere = await account('health-elsewhere', 'another-worker');
    const due = (at: Date) => staleHealth(database.db, WORKER, at);
    expect(await due(now)).not.toContain(paused.id);
    expect(await due(new Date(now.getTime() + HEALTH_REFRESH_MS + 1))).toContain(paused.id);
    await recordAccountEvent(database.db, paused.id, 'disconnected', { code: 'lost' });
    expect(await due(now)).toContain(paused.id);
    expect(await due(now)).not.toContain(elsewhere.id);
  });

  it('with ACCOUNT_SAFETY off, computes the health and decides nothing', async () => {
    const off = await account('health-off');
    for (let i = 0; i < 6; i++) await recordAccountEvent(database.db, off.id, 'restricted', { code: '463' });
    await refreshHealth(database.db, [off.id], { now: new Date(), enforce: false });
    expect(await row(off.id)).toMatchObject({ health: 28, health_state: 'ok' });
    const decisions = (await accountEventsSince(database.db, off.id, new Date(0))).filter((event) =>
      event.kind.startsWith('health_'),
    );
    expect(decisions).toEqual([]);
  });
});

describe("an account's health series", () => {
  it('is its health at each instant over the window ending then, as it was known then', async () => {
    const lost = await account('health-series', null);
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
    await recordAccountEvent(database.db, lost.id, 'restricted', { code: '463', at: ago(30) });
    await recordAccountEvent(database.db, lost.id, 'restricted', { code: '429', at: ago(3) });
    await recordAccountEvent(database.db, lost.id, 'temp_banned', { at: ago(1) });
    // Ten sends 10 hours ago, delivered 2 hours ago: lagging then, not now.
    await database.db.insert(messageLogs).values(
      Array.from({ length: 10 }, (_, i) => ({
        whatsapp_id: lost.id,
        user_id: userId,
        status: 'success',
        send_key: `series-${i}`,
        sent_at: ago(10),
        delivered_at: ago(2),
      })),
    );
    const series = await healthSeries(database.db, lost.id, [ago(29), ago(8), ago(2), now]);
    expect(series).toEqual([
      { at: ago(29).toISOString(), health: 88 },
      // The 463 still in the window, and the ten sends lag (40 for all of them).
      { at: ago(8).toISOString(), health: 48 },
      // The 463 out of the window, the sends delivered by then, a 429 since.
      { at: ago(2).toISOString(), health: 94 },
      { at: now.toISOString(), health: 59 },
    ]);
  });
});
