/**
 * A proven account's cap in the blast loop, on a clock the test moves day by day: each day the account sends its
 * whole cap without a restriction raises its cap a step the next morning, up to the ceiling; a 463 takes back half
 * of what it earned at once, the day of the restriction does not count, and the next clean day counts again. The
 * account's answer says the cap grew.
 */
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, phoneNumbers, settings, users, whatsappAccounts } from '../src/db/schema.ts';
import { BlastLoop } from '../src/engine/blast/blast-loop.ts';
import { MediaFiles } from '../src/engine/blast/blast-take.ts';
import { VariantPicker } from '../src/engine/blast/variants.ts';
import { OutcomeWriter } from '../src/ledger/outcome-writer.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { createPresenter } from '../src/modules/whatsapp/present.ts';
import { SendError, type WaSession } from '../src/wa/driver.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'proven-worker';
let database: Database;
/** Jakarta's wall clock (UTC+7, no daylight saving). */
const wib = (local: string) => new Date(`${local}+07:00`);
const morning = (day: number) => wib(`2026-11-${String(25 + day)}T08:00:00`);

/** Answers every send, but the ones at `timelocked` (counted from 0) with a 463 timelock of a minute. */
function session(clock: { now: Date }, timelocked: number[]): WaSession & { sends: string[] } {
  const sends: string[] = [];
  return {
    deviceId: 'proven',
    sends,
    subscribe: () => () => {},
    async sendMessage(to) {
      const index = sends.length;
      sends.push(to);
      if (timelocked.includes(index)) {
        throw new SendError('restricted', '463', 'reach-out timelock', new Date(clock.now.getTime() + 60_000));
      }
      return { id: `id-${to}-${index}` };
    },
    checkNumber: async () => ({ exists: true, name: null }),
    logout: async () => {},
    close: async () => {},
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(settings).values({
    ...DEFAULT_SETTINGS,
    daily_cap: 2,
    daily_cap_step: 1,
    daily_cap_max: 4,
    warmup_days: 3,
    warmup_start_cap: 1,
    send_window_start: '08:00',
    send_window_end: '20:00',
    template_repeat_days: 0,
    // Health is the unit tests' (proven-cap.test.ts): here the sends' logs are on the database's clock, not the test's.
    health_slow_below: 0,
    health_pause_below: 0,
  });
});
afterAll(() => database.close());

describe('a proven account’s cap', () => {
  it('rises a step each clean day up to the ceiling, and drops after a restriction', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        firstname: 'Terbukti',
        lastname: 'Aman',
        email: 'proven@test.local',
        password_hash: 'x',
        referral_code: 'PROVEN01',
      })
      .returning();
    await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
    await database.db
      .insert(phoneNumbers)
      .values(Array.from({ length: 40 }, (_, i) => ({ number: `6281170${String(i).padStart(4, '0')}`, name: 'N' })));
    const [account] = await database.db
      .insert(whatsappAccounts)
      .values({
        clientid: 'proven-account',
        user_id: user?.id ?? 0,
        state: 'connected',
        owner_id: WORKER,
        lease_until: new Date(Date.now() + 600_000),
        blasting: true,
        interval_min: 0,
        interval_max: 0,
        last_sent_at: wib('2026-11-25T19:00:00'),
        warmup_started_on: '2026-11-01',
      })
      .returning();
    if (!account) throw new Error('no account');

    const clock = { now: morning(1) };
    // Day 4's first send (the 10th in all) meets a timelock.
    const wa = session(clock, [9]);
    const events: [TLiveEventName, Partial<TLivePayload>][] = [];
    const loop = new BlastLoop(
      {
        db: database.db,
        workerId: WORKER,
        session: () => wa,
        secondMs: 1,
        random: () => 0,
        publish: async (_row, event, extra = {}) => {
          events.push([event, extra]);
          // A pause between sends (a long one is a 'spread' wait), and the timelock's minute, pass at once on the
          // test's clock.
          const pause = !extra.wait_reason || extra.wait_reason === 'spread';
          if (event === 'waiting' && (extra.limited_until || pause)) {
            clock.now = extra.limited_until
              ? new Date(extra.limited_until)
              : new Date(clock.now.getTime() + (extra.waitTime ?? 0) * 1000);
            setImmediate(() => loop.wake());
          }
        },
        outcomes: new OutcomeWriter(database.db),
        variants: new VariantPicker(database.db),
        media: new MediaFiles(database.db, createFileStore(database.db)),
        safety: { timeZone: 'Asia/Jakarta', enforce: true },
        now: () => clock.now,
      },
      account.id,
    );
    const capWait = () =>
      events.filter(([event, extra]) => event === 'waiting' && extra.wait_reason === 'cap').at(-1)?.[1];
    const row = async () =>
      (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id)))[0];
    /** Runs the day to its cap; answers how many it sent that day, the cap it ended on and its proven days. */
    const day = async (n: number) => {
      const before = wa.sends.length;
      const waits = events.length;
      clock.now = morning(n);
      loop.wake();
      await expect
        .poll(() => events.slice(waits).some(([event, extra]) => event === 'waiting' && extra.wait_reason === 'cap'), {
          timeout: 20_000,
        })
        .toBe(true);
      return {
        sent: wa.sends.length - before,
        cap: capWait()?.daily_cap,
        grown: capWait()?.cap_grown,
        proven: (await row())?.proven_days,
      };
    };

    await expect.poll(() => capWait()?.daily_cap, { timeout: 20_000 }).toBe(2);
    expect(wa.sends).toHaveLength(2);
    expect(capWait()).toMatchObject({ cap_grown: false });
    // Each clean day with its whole cap sent raises the next day's cap a step, up to the ceiling of 4.
    expect(await day(2)).toEqual({ sent: 3, cap: 3, grown: true, proven: 1 });
    expect(await day(3)).toEqual({ sent: 4, cap: 4, grown: true, proven: 2 });
    const presenter = createPresenter(database.db, { timeZone: 'Asia/Jakarta', enforce: true, now: () => clock.now });
    const shown = await row();
    if (!shown) throw new Error('account gone');
    expect(await presenter.one(shown)).toMatchObject({ daily_cap: 4, cap_grown: true, sent_today: 4 });
    // Day 4 (at the ceiling, so day 3 added nothing): its first send meets a 463, which halves what it proved
    // (2 → 1): that day's cap drops to 3, the failed send counted in it.
    expect(await day(4)).toEqual({ sent: 3, cap: 3, grown: true, proven: 1 });
    expect((await row())?.restricted_at).toEqual(morning(4));
    // The restricted day does not count: day 5 keeps the cap of 3; day 5 was clean, so day 6 is back at 4.
    expect(await day(5)).toEqual({ sent: 3, cap: 3, grown: true, proven: 1 });
    expect(await day(6)).toEqual({ sent: 4, cap: 4, grown: true, proven: 2 });
    loop.stop('shutdown');
    await loop.done;
  });
});
