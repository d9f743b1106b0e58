/**
 * The base of every long-running loop on an account's session (a blast; the generator and validator
 * runners): it owns the pacing, stopping, retries, lease and resumption, so that a loop's own file holds
 * only its own work. A loop runs while this worker's lease holds the account, resumes from the database
 * wherever it stopped, pauses a random whole number of seconds between rounds (announced as `waiting`), and
 * paces its session work under the engine's retry rule: a loop is the RetryPace of its sends and checks
 * (`sendTemplate(this, …)`, `withRetries(this, …)`), announcing `attempting` and `reconnecting`.
 */
import type { Db } from '../db/client.ts';
import type { WaSession } from '../wa/driver.ts';
import { type AccountRow, accountById } from './account-read.ts';
import { awaitReconnect, RECONNECT_WAIT_S, type RetryPace } from './retry.ts';

export type { AccountRow };

export interface LoopDeps {
  db: Db;
  /** This worker: a loop whose account's lease passed to another worker ends, and that worker resumes it. */
  workerId: string;
  session: () => WaSession | undefined;
  /** Milliseconds in one second of loop time (tests run faster). */
  secondMs: number;
  random: () => number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * What a loop's pacing announces (a pause or a restriction's wait, a retry, a wait for the connection); the
 * loop says to whom and with what more (its `announce`).
 */
export type Pace =
  | { event: 'waiting'; waitTime: number; limited_until?: string }
  | { event: 'attempting'; code: string }
  | { event: 'reconnecting'; reconnectTime: number };
export type PaceEvent = Pace['event'];

/**
 * What a round asks next: `pause` for the interval then go on, `next` at once, `finish` (leave the loop
 * through `finish`), or `ended` (the round has already ended the work and said so).
 */
export type RoundEnd = 'pause' | 'next' | 'finish' | 'ended';

export abstract class AccountLoop implements RetryPace {
  private stopping = false;
  /**
   * Stopped with the work still wanted: the process is going away (`shutdown`, resumed after the restart or
   * by another worker), or the account is away (`away`: its connection is down, resumed when it is back).
   */
  private stillWanted = false;
  private cutShort: (() => void) | null = null;
  /** Settles when the loop has ended and recorded its last outcome. */
  readonly done: Promise<void>;

  constructor(
    protected readonly deps: LoopDeps,
    protected readonly accountId: number,
    label: string,
  ) {
    // A microtask later: the subclass's own fields are set by then.
    this.done = Promise.resolve()
      .then(() => this.run())
      .catch((error) => deps.log?.(`${label} of account ${accountId} failed`, error));
  }

  /** Picks up from the row: whatever a crash or a stop left half done. */
  protected abstract resume(account: AccountRow): Promise<void>;
  /** One unit of the loop's work, on the account as it is now. */
  protected abstract round(account: AccountRow): Promise<RoundEnd>;
  /** The bounds of the pause after a round on `account`, in whole seconds. */
  protected abstract interval(account: AccountRow): Promise<{ min: number; max: number }>;
  /** Ends the work after a stop, a shutdown or a round's `finish`. */
  protected abstract finish(): Promise<void>;
  protected abstract announce(pace: Pace): Promise<void>;
  /** Runs as a pause of `seconds` between rounds begins, before it is announced. */
  protected async pausing(_seconds: number): Promise<void> {}
  /** Runs after a pause that no stop cut short. */
  protected async afterPause(): Promise<void> {}

  /** Ends the loop at its next step; a pause in progress is cut short. */
  stop(reason: 'stopped' | 'shutdown' | 'away' = 'stopped'): void {
    this.stopping = true;
    this.stillWanted = reason !== 'stopped';
    this.wake();
  }

  /** Cuts a pause in progress short. */
  wake(): void {
    this.cutShort?.();
  }

  halted(): boolean {
    return this.stopping;
  }

  /** The loop ended but its work is still wanted (a shutdown, an account away): leave it wanted. */
  protected get shuttingDown(): boolean {
    return this.stillWanted;
  }

  session(): WaSession | undefined {
    return this.deps.session();
  }

  sleep(seconds: number): Promise<void> {
    // A stop that came while no sleep was under way (in a send, in writing its outcome) had nothing to cut short.
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, seconds * this.deps.secondMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.cutShort = done;
    });
  }

  async attempting(code: string): Promise<void> {
    await this.announce({ event: 'attempting', code });
  }

  async reconnected(): Promise<boolean> {
    await this.announce({ event: 'reconnecting', reconnectTime: RECONNECT_WAIT_S });
    return awaitReconnect(this.deps.db, this.accountId, this);
  }

  protected async account(): Promise<AccountRow | undefined> {
    return accountById(this.deps.db, this.accountId);
  }

  /** The row, while this worker's lease holds it. */
  private async owned(): Promise<AccountRow | undefined> {
    const row = await this.account();
    return row?.owner_id === this.deps.workerId ? row : undefined;
  }

  /** The row as a round starts, while this worker's lease holds it; a loop may read more with it. */
  protected roundStart(): Promise<AccountRow | undefined> {
    return this.owned();
  }

  private async pause(account: AccountRow): Promise<void> {
    const { min, max } = await this.interval(account);
    const seconds = min + Math.floor(this.deps.random() * (max - min + 1));
    await this.pausing(seconds);
    await this.wait(seconds);
  }

  /** Waits `seconds` as a pause between rounds is waited, announced as `waiting`; a stop cuts it short. */
  protected async wait(seconds: number, restricted: { limited_until?: string } = {}): Promise<void> {
    await this.announce({ event: 'waiting', waitTime: seconds, ...restricted });
    await this.sleep(seconds);
    if (!this.stopping) await this.afterPause();
  }

  private async run(): Promise<void> {
    const first = await this.owned();
    if (!first) return;
    await this.resume(first);
    while (!this.stopping) {
      const account = await this.roundStart();
      // The account is gone, or another worker took it over and resumes it from the database: hands off.
      if (!account) return;
      const end = await this.round(account);
      if (end === 'ended') return;
      if (end === 'finish') break;
      if (end === 'pause') await this.pause(account);
    }
    await this.finish();
  }
}
