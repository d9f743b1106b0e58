/**
 * Opens the sessions a claim took (session-host.ts), spreading their logins out: one starts every
 * `staggerMs` (jittered by half) without waiting for the one before to connect, so that N sessions take
 * about N pauses rather than N logins; and at most `maxPending` logins are pending at once, so that a proxy
 * or network outage stacks a bounded number of waiting logins, not thousands. A login is pending from its
 * start until its session first settles (the host says when) or `settleMs` passed. A stop waits for the opens
 * under way at most `stopMs`: an open that never answers (a proxy lookup, a login stuck before the driver
 * returns) must not keep the process from stopping.
 */
import type { ClaimedAccount } from '../leases.ts';

export interface Opening {
  /** Resolves when the login settled: connected, refused, dropped, showing a QR, or its session let go. */
  settled: Promise<void>;
}

export interface SessionOpenerOptions {
  /** Starts the account's session; resolves once the host holds it. */
  open: (account: ClaimedAccount) => Promise<Opening>;
  /** Waits the pause between two starts; tests watch it. */
  stagger: (ms: number) => Promise<void>;
  staggerMs: number;
  maxPending: number;
  /** A login not settled by then frees its place anyway (it goes on; only the count forgets it). */
  settleMs: number;
  /** How long a stop waits for the opens under way; those still opening are the caller's to let go when they answer. */
  stopMs: number;
  log?: (message: string, error?: unknown) => void;
}

interface Waiting {
  account: ClaimedAccount;
  started: () => void;
}

export class SessionOpener {
  private readonly waiting: Waiting[] = [];
  /** Logins started and not yet settled, by client id. */
  private readonly pending = new Set<string>();
  /** Opens between their start and the host holding their session, by client id: a stop waits for them. */
  private readonly starting = new Map<string, { done: Promise<unknown>; started: () => void }>();
  /** The pump's run while it starts sessions (set and cleared synchronously, so that no add finds it ending). */
  private pumping: Promise<void> | null = null;
  private pumpRunning = false;
  private wake: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: SessionOpenerOptions) {}

  /** Accounts claimed and not yet open, or whose login is pending: their leases are renewed with the rest. */
  clientids(): string[] {
    return [...this.waiting.map(({ account }) => account.clientid), ...this.pending];
  }

  has(clientid: string): boolean {
    return this.pending.has(clientid) || this.waiting.some(({ account }) => account.clientid === clientid);
  }

  /** Claimed accounts whose session has not been started yet. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Queues the accounts' opens; resolves once each of them has started (or was dropped by a stop). */
  add(accounts: ClaimedAccount[]): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const started = accounts.map(
      (account) => new Promise<void>((resolve) => this.waiting.push({ account, started: resolve })),
    );
    if (!this.pumpRunning) {
      this.pumpRunning = true;
      this.pumping = this.pump();
    }
    return Promise.all(started).then(() => undefined);
  }

  /** After a stop: opens again (a host started again). */
  resume(): void {
    this.stopped = false;
  }

  /**
   * Drops the accounts not started yet and waits for the opens under way, at most `stopMs` (their sessions are
   * the host's to close, also those answering later); answers the client ids of the accounts dropped and of
   * the opens under way, whose leases the host gives back.
   */
  async stop(): Promise<string[]> {
    this.stopped = true;
    const dropped = this.waiting.splice(0);
    for (const { started } of dropped) started();
    this.wake?.();
    await this.pumping;
    const underWay = [...this.starting];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(underWay.map(([, { done }]) => done)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, this.options.stopMs);
      }),
    ]);
    clearTimeout(timer);
    for (const [clientid, { started }] of this.starting) {
      this.options.log?.(`opening ${clientid} still under way at the stop: let go when it answers`);
      started();
    }
    this.starting.clear();
    return [...dropped.map(({ account }) => account.clientid), ...underWay.map(([clientid]) => clientid)];
  }

  private async pump(): Promise<void> {
    const { staggerMs, maxPending } = this.options;
    try {
      while (!this.stopped && this.waiting.length > 0) {
        if (this.pending.size >= maxPending) {
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
          this.wake = null;
          continue;
        }
        const next = this.waiting.shift() as Waiting;
        this.begin(next);
        await this.options.stagger(staggerMs * (0.5 + Math.random()));
      }
    } finally {
      this.pumpRunning = false;
    }
  }

  private begin({ account, started }: Waiting): void {
    const { clientid } = account;
    this.pending.add(clientid);
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      if (!this.pending.delete(clientid)) return;
      this.wake?.();
    };
    const opening = this.options.open(account).then(
      ({ settled }) => {
        timer = setTimeout(settle, this.options.settleMs);
        timer.unref();
        void settled.then(settle);
      },
      (error) => {
        this.options.log?.(`opening ${clientid} failed`, error);
        settle();
      },
    );
    const done = opening.finally(() => {
      if (this.starting.get(clientid)?.done === done) this.starting.delete(clientid);
      started();
    });
    this.starting.set(clientid, { done, started });
  }
}
