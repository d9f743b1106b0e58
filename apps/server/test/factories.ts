/**
 * What many server tests build, built one way: a user, a linked account a worker holds, numbers to send to,
 * a scripted session, a blast loop on a clock the test moves, and the ledger's sum of a user or of all.
 */
import type { TAccountExtras, TJobExtras, TJobRef } from '@sewablast/contract/live';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { ledgerEntries, phoneNumbers, users, whatsappAccounts } from '../src/db/schema.ts';
import type { AccountRow } from '../src/engine/account-read.ts';
import { BlastLoop } from '../src/engine/blast/blast-loop.ts';
import { MediaFiles } from '../src/engine/blast/blast-take.ts';
import { VariantPicker } from '../src/engine/blast/variants.ts';
import { OutcomeWriter } from '../src/ledger/outcome-writer.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import type { WaSession } from '../src/wa/driver.ts';

let made = 0;

/** A member; unique email and referral code unless `values` names them. */
export async function aUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  made += 1;
  const [user] = await db
    .insert(users)
    .values({
      firstname: 'Uji',
      lastname: 'Coba',
      email: `user${made}-${process.pid}@test.local`,
      password_hash: 'x',
      referral_code: `U${process.pid}X${made}`.slice(0, 20),
      ...values,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

/** What a linked account is unless a test says otherwise. */
type LinkedValues = Partial<typeof whatsappAccounts.$inferInsert> & { clientid: string };

/**
 * A linked account: connected, its lease held by `workerId` (none when null) for ten minutes, and (unless
 * `values` says otherwise) blasting with no pause between sends.
 */
export async function aLinkedAccount(
  db: Db,
  owner: { userId: number; workerId: string | null },
  values: LinkedValues,
): Promise<AccountRow> {
  const [account] = await linkedAccounts(db, owner, [values]);
  if (!account) throw new Error('no account');
  return account;
}

/** Linked accounts as `aLinkedAccount` makes them, one row each of `rows`, in one statement and in that order. */
export function linkedAccounts(
  db: Db,
  owner: { userId: number; workerId: string | null },
  rows: readonly LinkedValues[],
): Promise<AccountRow[]> {
  const lease_until = owner.workerId === null ? null : new Date(Date.now() + 600_000);
  return db
    .insert(whatsappAccounts)
    .values(
      rows.map((values) => ({
        user_id: owner.userId,
        state: 'connected',
        owner_id: owner.workerId,
        lease_until,
        blasting: true,
        interval_min: 0,
        interval_max: 0,
        ...values,
      })),
    )
    .returning();
}

let simulated = 0;

/**
 * A linked account the simulator answers for: connected, held by no worker (a host's to claim), its auth
 * state the number and name the simulator's session gives (`pushname`, also set on the row when named).
 * `tag` starts its clientid; `values` override the row.
 */
export async function aSimulatorAccount(
  db: Db,
  owner: { userId: number; tag: string },
  { pushname, ...values }: Partial<typeof whatsappAccounts.$inferInsert> = {},
): Promise<AccountRow> {
  simulated += 1;
  const phonenumber = `62813${String(simulated).padStart(8, '0')}`;
  const [account] = await db
    .insert(whatsappAccounts)
    .values({
      clientid: `${owner.tag}-${Date.now().toString(36)}-${simulated}`,
      user_id: owner.userId,
      phonenumber,
      auth_state: { simulator: { phonenumber, pushname: pushname ?? 'Andi Budi' } },
      state: 'connected',
      ...(pushname ? { pushname } : {}),
      ...values,
    })
    .returning();
  if (!account) throw new Error('no account');
  return account;
}

/** `count` active numbers `{prefix}000…` (`digits` wide), the only active ones: every other is set nonactive. */
export async function onlyNumbers(db: Db, prefix: string, count: number, digits = 3) {
  await db.update(phoneNumbers).set({ status: 'nonactive' });
  return db
    .insert(phoneNumbers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        number: `${prefix}${String(i).padStart(digits, '0')}`,
        name: `N${i}`,
      })),
    )
    .returning();
}

/**
 * A session whose n-th send (from 0) does what `answer` says: it returns for a success, throws a SendError for
 * a failure. `sends` lists the numbers sent to, failed ones included.
 */
export function scriptedSession(
  answer: (n: number, to: string) => void | Promise<void> = () => {},
): WaSession & { sends: string[] } {
  const sends: string[] = [];
  return {
    deviceId: 'scripted',
    sends,
    subscribe: () => () => {},
    async sendMessage(to) {
      const n = sends.length;
      sends.push(to);
      await answer(n, to);
      return { id: `id-${to}-${sends.length}` };
    },
    checkNumber: async () => ({ exists: true, name: null }),
    logout: async () => {},
    close: async () => {},
  };
}

export interface BlastOnClockOptions {
  db: Db;
  workerId: string;
  accountId: number;
  session: WaSession;
  /** The loop's clock (the send policy and the waits after a restriction read it); absent: the real one. */
  clock?: { now: Date };
  /** ACCOUNT_SAFETY: whether the send policy holds sends back. */
  enforce: boolean;
  /** Each pause's draw within its bounds (0: the least). */
  random?: () => number;
  /**
   * A pause between sends passes at once on the test's clock: the clock moves by it and the pause is cut short
   * as soon as it has begun. Waits for the hours, the cap or a restriction stay the test's to end.
   */
  skipPauses?: boolean;
  /** A restriction's wait passes at once too, on the test's clock: the clock moves to the end WhatsApp told. */
  skipRestrictions?: boolean;
  /** Milliseconds in one second of loop time (1: a wait passes by itself a thousand times faster). */
  secondMs?: number;
}

/** An event a blast published, with its fields. */
export type Published = { [E in keyof TAccountExtras]: [E, TAccountExtras[E]] }[keyof TAccountExtras];
type JobFields = { [E in keyof TJobExtras]: TJobExtras[E] & TJobRef };
/** An event a generator's or validator's run published, with its fields and the job it names. */
export type JobPublished = { [E in keyof TJobExtras]: [E, JobFields[E]] }[keyof TJobExtras];

/** The fields of each of a blast's `events` named `event`, in order. */
export function fieldsOf<E extends keyof TAccountExtras>(events: readonly Published[], event: E): TAccountExtras[E][] {
  // Each pair's fields are its event's (Published): the compiler does not follow that through a generic name.
  return events.flatMap(([name, fields]) => (name === event ? [fields as TAccountExtras[E]] : []));
}

/** The fields of each of a job's `events` named `event`, in order. */
export function jobFieldsOf<E extends keyof TJobExtras>(events: readonly JobPublished[], event: E): JobFields[E][] {
  return events.flatMap(([name, fields]) => (name === event ? [fields as JobFields[E]] : []));
}

/** A blast loop of one account in Jakarta's time zone, with the live events it published. */
export function blastOnClock(options: BlastOnClockOptions) {
  const { db, clock } = options;
  const events: Published[] = [];
  const loop: BlastLoop = new BlastLoop(
    {
      db,
      workerId: options.workerId,
      session: () => options.session,
      secondMs: options.secondMs ?? 1,
      random: options.random ?? (() => 0),
      publish: async (_row, event, ...[extra]) => {
        // The fields are the event's kind's: the typed publish holds the loop to them.
        const published = [event, extra ?? {}] as Published;
        events.push(published);
        if (published[0] !== 'waiting') return;
        const wait = published[1];
        // A long pause between sends is a wait of its own ('spread'); it passes like any other pause.
        const pause = !wait.wait_reason || wait.wait_reason === 'spread';
        if (clock && options.skipPauses && pause && !wait.limited_until) {
          clock.now = new Date(clock.now.getTime() + wait.waitTime * 1000);
          setImmediate(() => loop.wake());
        }
        if (clock && options.skipRestrictions && wait.limited_until) {
          clock.now = new Date(wait.limited_until);
          setImmediate(() => loop.wake());
        }
      },
      outcomes: new OutcomeWriter(db),
      variants: new VariantPicker(db),
      media: new MediaFiles(db, createFileStore(db)),
      safety: { timeZone: 'Asia/Jakarta', enforce: options.enforce },
      ...(clock ? { now: () => clock.now } : {}),
    },
    options.accountId,
  );
  const waits = () => fieldsOf(events, 'waiting');
  return { loop, events, waits, lastWait: () => waits().at(-1) };
}

/** What the ledger holds for a user (for everyone when `userId` is left out): the sum of the entries, in rupiah. */
export async function ledgerSumOf(db: Db, userId?: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(userId === undefined ? undefined : eq(ledgerEntries.user_id, userId));
  return Number(row?.total ?? 0);
}
