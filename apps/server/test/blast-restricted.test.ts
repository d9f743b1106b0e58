/**
 * WhatsApp's 463 in a blast (issue 13): a restricted send counts as failed and unpaid, never suspends the
 * account, makes the blast wait RESTRICTED_WAIT_S, and a second 463 in a row ends the blast as restricted.
 */
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import { BLAST_TEXT } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  ledgerEntries,
  messageLogs,
  messageTemplates,
  phoneNumbers,
  settings,
  users,
  whatsappAccounts,
} from '../src/db/schema.ts';
import { BlastLoop, RESTRICTED_WAIT_S } from '../src/engine/blast-loop.ts';
import { MediaFiles } from '../src/engine/blast-take.ts';
import type { AccountRow } from '../src/engine/loop.ts';
import { VariantPicker } from '../src/engine/variants.ts';
import { OutcomeWriter } from '../src/ledger/outcome-writer.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import { DEFAULT_SETTINGS } from '../src/modules/setting/service.ts';
import { SendError, type WaSession } from '../src/wa/driver.ts';
import { createTestDatabase } from './harness.ts';

const WORKER = 'restricted-worker';
let database: Database;
let userId = 0;

/** A session that answers each send as the script says, in turn: `ok` or `463`. */
function scriptedSession(script: ('ok' | '463')[]): WaSession & { sends: string[] } {
  const sends: string[] = [];
  return {
    deviceId: 'scripted',
    sends,
    subscribe: () => () => {},
    async sendMessage(to) {
      const answer = script[sends.length] ?? 'ok';
      sends.push(to);
      if (answer === '463')
        throw new SendError('restricted', '463', 'WhatsApp restricted sending from this account (463)');
      return { id: `id-${sends.length}` };
    },
    checkNumber: async () => ({ exists: true, name: null }),
    logout: async () => {},
    close: async () => {},
  };
}

async function blastWith(script: ('ok' | '463')[], numbers: number, prefix: string) {
  await database.db.update(phoneNumbers).set({ status: 'nonactive' });
  await database.db
    .insert(phoneNumbers)
    .values(
      Array.from({ length: numbers }, (_, i) => ({ number: `${prefix}${String(i).padStart(4, '0')}`, name: `N${i}` })),
    );
  const [account] = await database.db
    .insert(whatsappAccounts)
    .values({
      clientid: `restricted-${prefix}`,
      user_id: userId,
      state: 'connected',
      owner_id: WORKER,
      lease_until: new Date(Date.now() + 600_000),
      blasting: true,
      interval_min: 0,
      interval_max: 0,
    })
    .returning();
  if (!account) throw new Error('no account');
  const session = scriptedSession(script);
  const events: [TLiveEventName, Partial<TLivePayload>][] = [];
  const loop = new BlastLoop(
    {
      db: database.db,
      workerId: WORKER,
      session: () => session,
      secondMs: 1,
      random: () => 0,
      publish: async (_row: AccountRow, event, extra = {}) => {
        events.push([event, extra]);
      },
      outcomes: new OutcomeWriter(database.db),
      variants: new VariantPicker(database.db),
      media: new MediaFiles(database.db, createFileStore(database.db)),
    },
    account.id,
  );
  return { account, session, events, loop };
}

const accountRow = async (id: number) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({
      firstname: 'Res',
      lastname: 'Tricted',
      email: 'res@test.local',
      password_hash: 'x',
      referral_code: 'RES00001',
    })
    .returning();
  userId = user?.id ?? 0;
  await database.db.insert(messageTemplates).values({ text: '<p>Halo</p>', text_wa: 'Halo {name}' });
  await database.db.insert(settings).values({ ...DEFAULT_SETTINGS, price: 100 });
});
afterAll(() => database.close());

describe('a blast restricted by WhatsApp (463)', () => {
  it('counts the 463 as a failed, unpaid send, waits, and goes on when the next send is accepted', async () => {
    const { account, session, events, loop } = await blastWith(['463', 'ok', 'ok'], 3, '62877100');
    await loop.done;
    expect(session.sends).toHaveLength(3);
    expect(events.filter(([event]) => event === 'waiting').map(([, extra]) => extra.waitTime)).toContain(
      RESTRICTED_WAIT_S,
    );
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ count_success: 2, count_fail: 1, suspended: false, suspended_count: 0 });
    const logs = await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    expect(logs.filter((log) => log.status === 'fail').map((log) => [log.fee, log.error])).toEqual([
      [0, '463: WhatsApp restricted sending from this account (463)'],
    ]);
    expect(events.some(([event]) => event === 'finished')).toBe(true);
  });

  it('ends the blast, without a suspension, after a second 463 in a row', async () => {
    const { account, session, events, loop } = await blastWith(['ok', '463', '463', 'ok'], 5, '62877200');
    await loop.done;
    expect(session.sends).toHaveLength(3);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({
      blasting: false,
      status: 'idle',
      suspended: false,
      state: 'connected',
      count_success: 1,
      count_fail: 2,
      last_error: '463: WhatsApp restricted sending from this account (463)',
    });
    expect(events.at(-1)).toEqual(['error_blast', { sendError: BLAST_TEXT.restricted }]);
    const logs = await database.db.select().from(messageLogs).where(eq(messageLogs.whatsapp_id, account.id));
    const ids = new Set(logs.map((log) => log.id));
    const paid = (await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.user_id, userId))).filter(
      (entry) => entry.ref_table === 'message_logs' && ids.has(entry.ref_id),
    );
    const success = logs.find((log) => log.status === 'success');
    expect(paid.map((entry) => [entry.ref_id, entry.amount])).toEqual([[success?.id, 100]]);
    expect(row?.income).toBe(100);
    expect(logs.filter((log) => log.status === 'fail').map((log) => log.fee)).toEqual([0, 0]);
    const inUse = await database.db.select().from(phoneNumbers).where(eq(phoneNumbers.in_use, true));
    expect(inUse).toEqual([]);
  });
});
