/**
 * One account's blast (DESIGN §5.6): take the next active number nobody is sending to, least recently
 * sent first; take the active template used least; fill in {name} and {phoneNumber}; send through the
 * account's session; record the outcome with its money; wait a random whole number of seconds; again.
 * A passing failure is retried up to 3 times (`attempting`), a dropped connection is waited for
 * (`reconnecting`), a ban ends the loop. When every number was sent in this run the loop starts over
 * (`loop`) or finishes. The send key is the account, the number and the run, so a send repeated after a
 * crash is counted once.
 */
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, messageTemplates, phoneNumbers, settings, users, whatsappAccounts } from '../db/schema.ts';
import { recordSend } from '../ledger/record-send.ts';
import { SendError, type WaSession } from '../wa/driver.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

const MAX_ATTEMPTS = 3;
const RECONNECT_WAIT_S = 60;

export interface BlastLoopDeps {
  db: Db;
  session: () => WaSession | undefined;
  publish: (account: AccountRow, event: TLiveEventName, extra?: Partial<TLivePayload>) => Promise<void>;
  /** Milliseconds in one second of blast time (tests run faster). */
  secondMs: number;
  random: () => number;
  log?: (message: string, error?: unknown) => void;
}

export class BlastLoop {
  private stopped = false;
  /** Stopped because the process is going away: the blast stays wanted and resumes after the restart. */
  private shuttingDown = false;
  private wake: (() => void) | null = null;
  readonly done: Promise<void>;

  constructor(
    private readonly deps: BlastLoopDeps,
    private readonly accountId: number,
  ) {
    this.done = this.run().catch((error) => deps.log?.(`blast of account ${accountId} failed`, error));
  }

  /** Ends the loop at its next step; a wait in progress is cut short. */
  stop(reason: 'stopped' | 'shutdown' = 'stopped'): void {
    this.stopped = true;
    this.shuttingDown = reason === 'shutdown';
    this.wake?.();
  }

  private sleep(seconds: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, seconds * this.deps.secondMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async account(): Promise<AccountRow | undefined> {
    const [row] = await this.deps.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, this.accountId));
    return row;
  }

  private async setAccount(
    values: Partial<Pick<AccountRow, 'status' | 'blasting' | 'blast_number_id' | 'blast_started_at' | 'last_error'>>,
  ) {
    const [row] = await this.deps.db
      .update(whatsappAccounts)
      .set(values)
      .where(eq(whatsappAccounts.id, this.accountId))
      .returning();
    return row;
  }

  /** The account's own interval, else its owner's, else the service's: one read for all three. */
  private async interval(account: AccountRow): Promise<number> {
    const [row] = await this.deps.db
      .select({
        ownerMin: users.blast_interval_min,
        ownerMax: users.blast_interval_max,
        min: sql<number | null>`(select ${settings.interval_min} from ${settings} order by ${settings.id} limit 1)`,
        max: sql<number | null>`(select ${settings.interval_max} from ${settings} order by ${settings.id} limit 1)`,
      })
      .from(users)
      .where(eq(users.id, account.user_id));
    const min = account.interval_min ?? row?.ownerMin ?? row?.min ?? 10;
    const max = Math.max(min, account.interval_max ?? row?.ownerMax ?? row?.max ?? min);
    return min + Math.floor(this.deps.random() * (max - min + 1));
  }

  /**
   * Takes the next active number nobody is sending to, least recently sent first, and names it on the
   * account in the same statement: a crash between two statements would leave a number marked in use that
   * no account names, never to be sent to again.
   */
  private async takeNumber(since: Date): Promise<{ id: number; number: string; name: string } | undefined> {
    const { db } = this.deps;
    const taken = db
      .$with('taken', {
        id: sql<number>`id`.as('id'),
        number: sql<string>`number`.as('number'),
        name: sql<string>`name`.as('name'),
      })
      .as(
        sql`update ${phoneNumbers} set in_use = true
            where ${phoneNumbers.id} = (select ${phoneNumbers.id} from ${phoneNumbers}
               where ${phoneNumbers.status} = 'active' and ${phoneNumbers.in_use} = false
                 and (${phoneNumbers.last_sent} is null or ${phoneNumbers.last_sent} < ${since.toISOString()})
               order by ${phoneNumbers.last_sent} asc nulls first, ${phoneNumbers.id}
               limit 1 for update skip locked)
            returning id, number, name`,
      );
    const named = db.$with('named', { id: sql<number>`id`.as('id') }).as(
      sql`update ${whatsappAccounts} set blast_number_id = taken.id from taken
            where ${whatsappAccounts.id} = ${this.accountId} returning ${whatsappAccounts.id}`,
    );
    const [number] = await db
      .with(taken, named)
      .select({ id: taken.id, number: taken.number, name: taken.name })
      .from(taken);
    return number;
  }

  /** Whether any active number is free to be sent to again since `since` (when a looping blast starts over). */
  private async anyNumberLeft(since: Date): Promise<boolean> {
    const [number] = await this.deps.db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(
        sql`${phoneNumbers.status} = 'active' and ${phoneNumbers.in_use} = false
            and (${phoneNumbers.last_sent} is null or ${phoneNumbers.last_sent} < ${since.toISOString()})`,
      )
      .limit(1);
    return number !== undefined;
  }

  private async takeTemplate() {
    const [template] = await this.deps.db
      .update(messageTemplates)
      .set({ count_use: sql`${messageTemplates.count_use} + 1` })
      .where(
        eq(
          messageTemplates.id,
          sql`(select ${messageTemplates.id} from ${messageTemplates} where ${messageTemplates.status} = 'active'
               order by ${messageTemplates.count_use}, ${messageTemplates.id} limit 1 for update)`,
        ),
      )
      .returning();
    return template;
  }

  private async idle(event: 'idle' | 'stop' | 'finished' | 'error_blast', extra: Partial<TLivePayload> = {}) {
    const row = await this.setAccount({ status: 'idle', blasting: false, blast_number_id: null });
    if (row) await this.deps.publish(row, event, extra);
  }

  /** Waits until the session is back; false when it did not come back in time or the blast was stopped. */
  private async reconnected(account: AccountRow): Promise<boolean> {
    await this.deps.publish(account, 'reconnecting', { reconnectTime: RECONNECT_WAIT_S });
    for (let waited = 0; waited < RECONNECT_WAIT_S * 2 && !this.stopped; waited++) {
      await this.sleep(0.5);
      const row = await this.account();
      if (row?.state === 'connected') return true;
      if (!row || row.suspended) return false;
    }
    return false;
  }

  private async run(): Promise<void> {
    let account = await this.account();
    if (!account) return;
    if (account.blast_number_id !== null) {
      await this.deps.db
        .update(phoneNumbers)
        .set({ in_use: false })
        .where(eq(phoneNumbers.id, account.blast_number_id));
    }
    let since = account.blast_started_at ?? new Date();
    await this.setAccount({ status: 'sending', blast_started_at: since, blast_number_id: null });

    while (!this.stopped) {
      account = await this.account();
      if (!account?.blasting || account.suspended) break;
      if (!account.sending_enabled) {
        await this.idle('error_blast', { sendError: 'Pengiriman dinonaktifkan admin.' });
        return;
      }
      const number = await this.takeNumber(since);
      if (!number) {
        if (!account.loop) {
          await this.idle('finished');
          return;
        }
        since = new Date();
        await this.setAccount({ blast_started_at: since });
        if (!(await this.anyNumberLeft(since))) {
          await this.idle('error_blast', { sendError: 'Tidak ada nomor aktif untuk dikirimi.' });
          return;
        }
        continue;
      }
      await this.deps.publish(account, 'in_use', { number: number.number, in_use: 1 });
      const template = await this.takeTemplate();
      if (!template) {
        await this.deps.db.update(phoneNumbers).set({ in_use: false }).where(eq(phoneNumbers.id, number.id));
        await this.idle('error_blast', { sendError: 'Tidak ada template pesan aktif.' });
        return;
      }
      await this.deps.publish(account, 'sending', { number: number.number });

      const text = template.text_wa.replaceAll('{name}', number.name).replaceAll('{phoneNumber}', number.number);
      const [media] = template.media_file_id
        ? await this.deps.db.select().from(files).where(eq(files.id, template.media_file_id))
        : [];
      let outcome: 'success' | 'fail' = 'fail';
      let error: string | null = null;
      let banned = false;
      let tried = false;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS && !this.stopped; ) {
        const session = this.deps.session();
        try {
          if (!session) throw new SendError('disconnected', 'no-session', 'no session');
          tried = true;
          await session.sendMessage(number.number, {
            text,
            buttons: template.buttons,
            media: media ? { bytes: media.bytes, mime: media.mime, name: media.name } : undefined,
          });
          outcome = 'success';
          break;
        } catch (failure) {
          const sendError =
            failure instanceof SendError ? failure : new SendError('transient', 'error', String(failure));
          error = `${sendError.code}: ${sendError.message}`;
          if (sendError.kind === 'banned') {
            banned = true;
            break;
          }
          if (sendError.kind === 'rejected') break;
          if (sendError.kind === 'disconnected') {
            if (!(await this.reconnected(account))) break;
            continue;
          }
          if (attempt === MAX_ATTEMPTS) break;
          await this.deps.publish(account, 'attempting', { code: sendError.code });
          await this.sleep(attempt * 2);
          attempt++;
        }
      }

      if (!tried && this.stopped) {
        // Stopped before anything went out: the number is given back untouched, not counted as a failure.
        await this.deps.db.update(phoneNumbers).set({ in_use: false }).where(eq(phoneNumbers.id, number.id));
        await this.deps.db
          .update(messageTemplates)
          .set({ count_use: sql`${messageTemplates.count_use} - 1` })
          .where(eq(messageTemplates.id, template.id));
        const released = (await this.setAccount({ blast_number_id: null })) ?? account;
        await this.deps.publish(released, 'in_use', { number: number.number, in_use: 0 });
        break;
      }

      const recorded = await recordSend(this.deps.db, {
        accountId: account.id,
        phoneNumberId: number.id,
        templateId: template.id,
        status: outcome,
        error,
        sendKey: `${account.id}:${number.id}:${since.getTime()}`,
      });
      const fresh = (await this.setAccount({ blast_number_id: null })) ?? account;
      await this.deps.publish(fresh, 'in_use', { number: number.number, in_use: 0 });
      if (recorded && outcome === 'success') {
        await this.deps.publish(fresh, 'count_success', {
          count_success: recorded.account.count_success,
          income: recorded.account.income,
          number: number.number,
          last_sent: new Date().toISOString(),
        });
      } else if (recorded) {
        await this.deps.publish(fresh, 'count_fail', {
          count_fail: recorded.account.count_fail,
          number: number.number,
        });
      }
      if (banned || this.stopped) break;

      const wait = await this.interval(fresh);
      await this.deps.publish(fresh, 'waiting', { waitTime: wait });
      await this.sleep(wait);
      if (!this.stopped) await this.deps.publish(fresh, 'progressing', {});
    }

    const last = await this.account();
    if (!last) return;
    if (last.suspended || this.shuttingDown) await this.setAccount({ status: 'idle', blast_number_id: null });
    else await this.idle(this.stopped || !last.blasting ? 'stop' : 'idle');
  }
}
