/**
 * WhatsApp restricting an account in a blast: a restricted send (463, 429) counts as failed and unpaid,
 * never suspends the account, and makes the blast wait, until the timelock's end WhatsApp told or for a
 * cool-down that grows with restrictions in a row, then go on: it never ends the blast.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  ledgerEntries,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  settings,
  whatsappAccounts,
} from '../src/db/schema.ts';
import { COOL_DOWN_S, RESTRICTED_WAIT_S } from '../src/engine/safety/restrict.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { accountEventsSince, recordAccountEvent } from '../src/rules/safety/account-events.ts';
import { SendError } from '../src/wa/driver.ts';
import {
  aLinkedAccount,
  aUser,
  blastOnClock,
  fieldsOf,
  onlyNumbers,
  type Published,
  scriptedSession,
} from './factories.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'restricted-worker';
let database: Database;
let userId = 0;

type Answer = 'ok' | '463' | '429' | Date;

/** A session that answers each send as the script says, in turn: `ok`, `463`, `429`, or a timelock's end. */
const sessionOf = (script: Answer[]) =>
  scriptedSession((n) => {
    const answer = script[n] ?? 'ok';
    if (answer === '463')
      throw new SendError('restricted', '463', 'WhatsApp restricted sending from this account (463)');
    if (answer === '429') throw new SendError('transient', '429', 'rate-overlimit');
    if (answer instanceof Date) throw new SendError('restricted', '463', 'reach-out timelock', answer);
  });

/** A blast of a new account, or of `accountId` again (as after a restart). */
async function blastWith(
  script: Answer[],
  numbers: number,
  prefix: string,
  limitedUntil: Date | null = null,
  accountId?: number,
) {
  await onlyNumbers(database.db, prefix, numbers, 4);
  const [account] = accountId
    ? await database.db
        .update(whatsappAccounts)
        .set({ blasting: true, blast_started_at: null })
        .where(eq(whatsappAccounts.id, accountId))
        .returning()
    : [
        await aLinkedAccount(
          database.db,
          { userId, workerId: WORKER },
          { clientid: `restricted-${prefix}`, limited_until: limitedUntil },
        ),
      ];
  if (!account) throw new Error('no account');
  const session = sessionOf(script);
  const { loop, events } = blastOnClock({
    db: database.db,
    workerId: WORKER,
    accountId: account.id,
    session,
    enforce: false,
  });
  return { account, session, events, loop };
}

const accountRow = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (
    await aUser(database.db, {
      firstname: 'Res',
      lastname: 'Tricted',
      email: 'res@test.local',
      password_hash: 'x',
      referral_code: 'RES00001',
    })
  ).id;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, price: 100 });
});
afterAll(() => database.close());

describe('a blast restricted by WhatsApp (463)', () => {
  it('counts the 463 as a failed, unpaid send, waits, and goes on when the next send is accepted', async () => {
    const { account, session, events, loop } = await blastWith(['463', 'ok', 'ok'], 3, '62877100');
    await loop.done;
    expect(session.sends).toHaveLength(3);
    expect(fieldsOf(events, 'waiting').map((extra) => extra.waitTime)).toContain(RESTRICTED_WAIT_S);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ count_success: 2, count_fail: 1, suspended: false, suspended_count: 0 });
    const logs = await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    expect(logs.filter((log) => log.status === 'fail').map((log) => [log.fee, log.error])).toEqual([
      [0, '463: WhatsApp restricted sending from this account (463)'],
    ]);
    expect(events.some(([event]) => event === 'finished')).toBe(true);
  });

  it('never ends the blast on 463s in a row: it waits longer each time and goes on, without a suspension', async () => {
    const { account, session, events, loop } = await blastWith(['ok', '463', '463', 'ok'], 5, '62877200');
    await loop.done;
    expect(session.sends).toHaveLength(5);
    expect(waits(events)).toEqual([RESTRICTED_WAIT_S, 2 * RESTRICTED_WAIT_S]);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({
      suspended: false,
      state: 'connected',
      count_success: 3,
      count_fail: 2,
      limited_until: null,
      last_error: '463: WhatsApp restricted sending from this account (463)',
    });
    expect(events.at(-1)?.[0]).toBe('finished');
    const logged = await accountEventsSince(database.db, account.id, new Date(0));
    expect(logged.map((event) => [event.kind, event.code, (event.detail as { in_a_row: number }).in_a_row])).toEqual([
      ['restricted', '463', 1],
      ['restricted', '463', 2],
    ]);
    const logs = await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    const ids = new Set(logs.map((log) => log.id));
    const paid = (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.user_id, userId))).filter(
      (entry) => entry.ref_table === 'message_logs' && ids.has(entry.ref_id),
    );
    expect(paid.map((entry) => entry.amount)).toEqual([100, 100, 100]);
    expect(logs.filter((log) => log.status === 'fail').map((log) => log.fee)).toEqual([0, 0]);
    const inUse = await database.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
    expect(inUse).toEqual([]);
  });

  it("waits until the timelock's end WhatsApp told, the row saying until when meanwhile", async () => {
    const end = new Date(Date.now() + 90_000);
    const { account, session, events, loop } = await blastWith([end, 'ok'], 2, '62877300');
    const limitedMeanwhile = new Promise((resolve) => {
      const seen = setInterval(async () => {
        const row = await accountRow(account.id);
        if (row?.limited_until) {
          clearInterval(seen);
          resolve(row.limited_until.toISOString());
        }
      }, 1);
    });
    await loop.done;
    expect(await limitedMeanwhile).toBe(end.toISOString());
    expect(session.sends).toHaveLength(2);
    const waiting = fieldsOf(events, 'waiting').filter((extra) => extra.limited_until);
    expect(waiting.map((extra) => extra.limited_until)).toEqual([end.toISOString()]);
    expect(waiting[0]?.waitTime).toBeGreaterThan(80);
    expect(waiting[0]?.waitTime).toBeLessThanOrEqual(90);
    expect(await accountRow(account.id)).toMatchObject({ limited_until: null, count_success: 1, count_fail: 1 });
  });

  it('cools down after a 429 instead of trying again at once, longer with each in a row', async () => {
    const { account, session, events, loop } = await blastWith(['429', '429', 'ok'], 3, '62877400');
    await loop.done;
    expect(session.sends).toHaveLength(3);
    expect(waits(events)).toEqual([COOL_DOWN_S, 2 * COOL_DOWN_S]);
    const logged = await accountEventsSince(database.db, account.id, new Date(0));
    expect(logged.map((event) => [event.kind, event.code])).toEqual([
      ['restricted', '429'],
      ['restricted', '429'],
    ]);
    expect(events.some(([event]) => event === 'attempting')).toBe(false);
  });

  it('keeps the cool-down growing across a restart: the restrictions in a row are read from the event log', async () => {
    // The blast before the restart met a 429 and nothing was sent successfully since.
    const { account, session, events, loop } = await blastWith(['429', 'ok'], 2, '62877600');
    await loop.done;
    expect(waits(events)).toEqual([COOL_DOWN_S]);
    const again = await blastWith(['429', 'ok'], 2, '62877700', null, account.id);
    await again.loop.done;
    expect(session.sends).toHaveLength(2);
    // One success came between: the count starts over after it.
    expect(waits(again.events)).toEqual([COOL_DOWN_S]);
    await recordAccountEvent(database.db, account.id, 'restricted', { code: '429' });
    const third = await blastWith(['429', 'ok'], 2, '62877800', null, account.id);
    await third.loop.done;
    expect(waits(third.events)).toEqual([2 * COOL_DOWN_S]);
  });

  it('waits out a restriction still running before its first send', async () => {
    const end = new Date(Date.now() + 60_000);
    const { session, events, loop } = await blastWith(['ok'], 1, '62877500', end);
    await loop.done;
    expect(session.sends).toHaveLength(1);
    const first = events.findIndex(([event]) => event === 'waiting');
    expect(fieldsOf(events, 'waiting')[0]?.limited_until).toBe(end.toISOString());
    expect(first).toBeLessThan(events.findIndex(([event]) => event === 'sending'));
  });
});

/** The waits a blast took for a restriction (the pause between sends is 0 here). */
function waits(events: Published[]): number[] {
  return fieldsOf(events, 'waiting')
    .filter((extra) => extra.limited_until)
    .map((extra) => extra.waitTime);
}
