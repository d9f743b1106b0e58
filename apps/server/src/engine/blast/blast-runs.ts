/**
 * The blast loops of one worker's sessions (DESIGN §5.6, §8), as job-runs.ts holds its generator and
 * validator runs: a loop runs while its account wants a blast, is connected and is held here. Only a stop, a
 * suspension or the account's removal ends a blast; an account whose connection is down (or whose session
 * this worker no longer holds) keeps it wanted, and its next connect starts the loop again where the run was.
 */
import { inArray } from 'drizzle-orm';
import { whatsappAccounts } from '../../db/schema.ts';
import type { OutcomeWriter } from '../../ledger/outcome-writer.ts';
import type { PublishAccountEvent } from '../../live/account-event.ts';
import type { WaSession } from '../../wa/driver.ts';
import { WANTS_BLAST, wantsBlast } from '../account-works.ts';
import type { LoopDeps } from '../loop.ts';
import { BlastLoop, type BlastLoopDeps } from './blast-loop.ts';
import type { MediaFiles } from './blast-take.ts';
import type { VariantPicker } from './variants.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

export interface BlastRunsDeps extends Omit<LoopDeps, 'session'> {
  session: (clientid: string) => WaSession | undefined;
  publish: PublishAccountEvent;
  outcomes: OutcomeWriter;
  media: MediaFiles;
  variants: VariantPicker;
  safety: BlastLoopDeps['safety'];
}

export class BlastRuns {
  private readonly loops = new Map<string, BlastLoop>();

  constructor(private readonly deps: BlastRunsDeps) {}

  get size(): number {
    return this.loops.size;
  }

  has(clientid: string): boolean {
    return this.loops.has(clientid);
  }

  /**
   * The held accounts whose loop runs or not as their rows do not want (a nudge that never came, a change
   * made straight in the database): one query for all of them.
   */
  async mismatched(clientids: string[]): Promise<string[]> {
    if (clientids.length === 0) return [];
    const rows = await this.deps.db
      .select({
        clientid: whatsappAccounts.clientid,
        wanted: WANTS_BLAST,
      })
      .from(whatsappAccounts)
      .where(inArray(whatsappAccounts.clientid, clientids));
    return rows.filter((row) => row.wanted !== this.has(row.clientid)).map((row) => row.clientid);
  }

  /** Starts or stops the account's loop as its row now wants; `held`: this process holds the session. */
  reconcile(clientid: string, account: AccountRow | undefined, held: boolean): void {
    const loop = this.loops.get(clientid);
    const wanted = Boolean(account && wantsBlast(account) && held);
    if (!wanted) {
      const ended = !account?.blasting || account.suspended;
      loop?.stop(ended ? 'stopped' : 'away');
      return;
    }
    if (loop || !account) return;
    const started = new BlastLoop({ ...this.deps, session: () => this.deps.session(clientid) }, account.id);
    this.loops.set(clientid, started);
    void started.done.then(() => {
      if (this.loops.get(clientid) === started) this.loops.delete(clientid);
    });
  }

  /** Stops the account's loop and waits until it has recorded its last outcome. */
  async halt(clientid: string): Promise<void> {
    const loop = this.loops.get(clientid);
    if (!loop) return;
    loop.stop();
    await loop.done;
  }

  /** The loops held back by the safety rule (all, or `clientid`'s) look at it again now. */
  recheck(clientid?: string): void {
    if (clientid === undefined) for (const loop of this.loops.values()) loop.recheck();
    else this.loops.get(clientid)?.recheck();
  }

  /** A shutdown: every loop ends with its blast still wanted, for the restart or another worker. */
  async stopAll(): Promise<void> {
    const loops = [...this.loops.values()];
    for (const loop of loops) loop.stop('shutdown');
    await Promise.all(loops.map((loop) => loop.done));
  }
}
