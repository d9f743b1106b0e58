/**
 * A proven account's cap in the blast loop, on a clock the test moves day by day: each day the account sends its
 * whole cap without a restriction raises its cap a step the next morning, up to the ceiling; a 463 takes back half
 * of what it earned at once, the day of the restriction does not count, and the next clean day counts again. The
 * account's answer says the cap grew.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, settings, whatsappAccounts } from '../src/db/schema.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { createPresenter } from '../src/modules/whatsapp/present.ts';
import { SendError } from '../src/wa/driver.ts';
import { aLinkedAccount, aUser, blastOnClock, fieldsOf, onlyNumbers, scriptedSession } from './factories.ts';
import { createTestDatabase } from './harness.ts';
import { wib } from './safety-fixtures.ts';

const WORKER = 'proven-worker';
let database: Database;
const morning = (day: number) => wib(`2026-11-${String(25 + day)}T08:00:00`);

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
    const user = await aUser(database.db);
    await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
    await onlyNumbers(database.db, '6281170', 40, 4);
    const account = await aLinkedAccount(
      database.db,
      { userId: user.id, workerId: WORKER },
      { clientid: 'proven-account', last_sent_at: wib('2026-11-25T19:00:00'), warmup_started_on: '2026-11-01' },
    );

    const clock = { now: morning(1) };
    // Day 4's first send (the 10th in all) meets a timelock of a minute.
    const wa = scriptedSession((n) => {
      if (n === 9) {
        throw new SendError('restricted', '463', 'reach-out timelock', new Date(clock.now.getTime() + 60_000));
      }
    });
    // A pause between sends (a long one is a 'spread' wait), and the timelock's minute, pass at once on the
    // test's clock.
    const { loop, events } = blastOnClock({
      db: database.db,
      workerId: WORKER,
      accountId: account.id,
      session: wa,
      clock,
      enforce: true,
      skipPauses: true,
      skipRestrictions: true,
    });
    const capWait = () => fieldsOf(events, 'waiting').findLast((wait) => wait.wait_reason === 'cap');
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
