/**
 * A blast whose connection drops for longer than a housekeeping round (DESIGN §5.6, §8): the round that
 * stops its loop because the account is not connected leaves the blast wanted, and it resumes once the
 * account is back, every number sent once, nothing counted for the send the drop cut off.
 */
import type { TLiveMessage } from '@sewablast/contract/live';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageLogs, messageTemplates, phoneNumbers, users, whatsappAccounts } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { QUIET_RATES, SimulatorDriver } from '../src/wa/simulator.ts';
import { aSimulatorAccount } from './factories.ts';
import { seededTestDatabase } from './harness.ts';
import { until } from './job-helpers.ts';

const NUMBERS = 20;
let database: Database;
let host: SessionHost;
beforeAll(async () => {
  database = await seededTestDatabase();
});
afterAll(async () => {
  await host?.stop();
  await database.close();
});

describe('a blast whose connection drops for longer than a housekeeping round', () => {
  it('stays wanted while the account is away and resumes once it is back', async () => {
    const [user] = await database.db.select({ id: users.id }).from(users).limit(1);
    await database.db.insert(messageTemplates).values({ text_wa: 'Halo {name}' });
    await database.db
      .insert(phoneNumbers)
      .values(Array.from({ length: NUMBERS }, (_, i) => ({ number: `6285900000${String(i).padStart(2, '0')}` })));
    const account = await aSimulatorAccount(
      database.db,
      { userId: user?.id ?? 0, tag: 'away-blast' },
      { blasting: true, interval_min: 1, interval_max: 1 },
    );
    const driver = new SimulatorDriver({
      seed: 3,
      scanMs: 60_000,
      delayMs: [40, 40],
      reconnectMs: 1000,
      rates: QUIET_RATES,
    });
    const bus = createMemoryBus();
    const events: TLiveMessage[] = [];
    let successes = 0;
    bus.subscribe(({ message }) => {
      if (message.payload.deviceId !== account.clientid) return;
      events.push(message);
      // The drop comes while the sixth send is on the wire (40 ms) and outlasts its 600 ms wait for the
      // connection and several housekeeping rounds (100 ms).
      if (message.event === 'count_success' && ++successes === 5) {
        setTimeout(() => driver.control(account.clientid, 'disconnect'), 15);
      }
    });
    host = new SessionHost({
      files: createFileStore(database.db),
      db: database.db,
      driver,
      bus,
      proxyOf: async () => null,
      releaseProxy: async () => {},
      secondMs: 10,
      renewMs: 100,
    });
    await host.start();

    const row = async () =>
      (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id)))[0];
    await until(async () => (await row())?.state !== 'connected', 5000);
    await until(async () => events.some((message) => message.event === 'finished'), 20_000);

    const logs = await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    expect(logs).toHaveLength(NUMBERS);
    expect(new Set(logs.map((log) => log.phone_number_id)).size).toBe(NUMBERS);
    expect(logs.every((log) => log.status === 'success')).toBe(true);
    expect(await row()).toMatchObject({ count_success: NUMBERS, count_fail: 0, blasting: false });
    // Nothing said the blast stopped: it was wanted all along, and finished when every number was sent.
    expect(events.filter((message) => message.event === 'stop')).toEqual([]);
    const inUse = await database.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
    expect(inUse).toEqual([]);
  }, 30_000);
});
