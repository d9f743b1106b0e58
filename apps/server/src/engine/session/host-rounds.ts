/**
 * The session host's periodic round (session-host.ts): free accounts claimed every few seconds and queued on
 * the opener; every renewal, the leases held renewed and the housekeeping done — desired state caught up
 * with, abandoned links given up, old sent messages and account events pruned, what blasts left in the keys
 * pruned (key-prune.ts), stale health refreshed, then the service's chores. One round at a time; a stop
 * waits for the one under way.
 */
import type { PublishAccountEvent } from '../../live/account-event.ts';
import { countTakeovers } from '../../metrics/engine-metrics.ts';
import { pruneAccountEvents } from '../../rules/safety/account-events.ts';
import { type ClaimedAccount, LEASE_SECONDS, type Leases } from '../leases.ts';
import { healthFigures, refreshHealth, staleHealth } from '../safety/health-read.ts';
import type { HeldSessions } from './held-sessions.ts';
import { KeyPruneTurn, pruneAccountKeys } from './key-prune.ts';
import { pruneSentMessages } from './sent-messages.ts';
import {
  CLAIM_BATCH,
  CLAIM_MS,
  RENEWALS_PER_LEASE,
  RESTORABLE,
  type SessionHostOptions,
} from './session-host-options.ts';
import type { SessionOpener } from './session-opener.ts';
import { type GiveUpTarget, giveUpAbandoned } from './unlinked.ts';

export interface HostRoundsParts {
  workerId: string;
  leases: Leases;
  held: HeldSessions;
  opener: SessionOpener;
  giveUps: GiveUpTarget;
  /** Held accounts whose loop runs or not as it should not, brought in line (session-host.ts). */
  reconcileHeld: () => Promise<void>;
  publish: PublishAccountEvent;
  /** The host is stopping: nothing more is claimed. */
  closing: () => boolean;
}

export class HostRounds {
  private timer: NodeJS.Timeout | null = null;
  /** The round in progress: one at a time, and a stop waits for it. */
  private tick: Promise<void> | null = null;
  /** What blasts left behind in the held accounts' keys, pruned now and then by housekeeping (key-prune.ts). */
  private readonly keyPrune: KeyPruneTurn;

  constructor(
    private readonly options: SessionHostOptions,
    private readonly parts: HostRoundsParts,
  ) {
    this.keyPrune = new KeyPruneTurn(() => pruneAccountKeys(options.db, parts.workerId));
  }

  /** Claims free accounts and starts the rounds; resolves once the first claim's sessions have started. */
  async start(): Promise<void> {
    const first = await this.claim();
    // Free accounts are looked for every few seconds, leases renewed less often: a dead worker's leases lapse
    // 20–30 s after it died (two or three thirds of a lease), and survivors take its accounts within CLAIM_MS
    // of that.
    const renewMs = this.options.renewMs ?? ((this.options.leaseSeconds ?? LEASE_SECONDS) * 1000) / RENEWALS_PER_LEASE;
    const claimMs = Math.min(renewMs, this.options.claimMs ?? CLAIM_MS);
    let renewedAt = Date.now();
    this.timer = setInterval(() => {
      if (this.tick) return;
      const renewing = Date.now() - renewedAt >= renewMs - claimMs / 2;
      if (renewing) renewedAt = Date.now();
      this.tick = (renewing ? this.housekeeping() : this.claim().then(() => undefined))
        .catch((error) => this.options.log?.('lease renewal failed', error))
        .finally(() => {
          this.tick = null;
        });
    }, claimMs);
    this.timer.unref();
    // The first round's sessions are started before start() returns (leases renewed meanwhile); the rounds
    // after it do not wait.
    await first.started;
  }

  /** No more rounds; the one under way is waited for. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.tick;
  }

  /**
   * Every renewal: the leases held, free accounts, desired state, abandoned links, old sent messages, then the
   * service's chores.
   */
  private async housekeeping(): Promise<void> {
    const { db, log } = this.options;
    const { leases, held, opener } = this.parts;
    // Accounts waiting for their session to start, or still logging in, keep their leases like the rest.
    await leases.renew([...new Set([...held.clientids(), ...opener.clientids()])]);
    await this.claim();
    await this.parts.reconcileHeld();
    await giveUpAbandoned(this.parts.giveUps);
    await pruneSentMessages(db);
    await pruneAccountEvents(db);
    await this.keyPrune.run().catch((error) => log?.('key prune failed', error));
    // A failed refresh leaves the health as it was (due again next round); the chores still run.
    await this.refreshHealth().catch((error) => log?.('health refresh failed', error));
    for (const chore of this.options.chores ?? []) {
      await chore().catch((error) => log?.('housekeeping chore failed', error));
    }
  }

  /** The health of held accounts not refreshed lately (a blast refreshes its own), announced when it moved. */
  private async refreshHealth(): Promise<void> {
    const { db } = this.options;
    const clock = { ...(this.options.safety ?? { timeZone: 'Asia/Jakarta', enforce: false }), now: new Date() };
    const ids = await staleHealth(db, this.parts.workerId, clock.now);
    const changed = await refreshHealth(db, ids, clock);
    for (const [row, figures] of await healthFigures(db, changed, clock)) {
      await this.parts.publish(row, 'health', figures);
    }
  }

  /**
   * Takes over linked accounts whose lease is free or lapsed, as many as the opener has room for, and queues
   * their sessions there: it starts them OPEN_STAGGER_MS apart without waiting for each to connect, and the
   * claim round returns at once, so that leases are renewed meanwhile. `started` resolves once they all have.
   */
  private async claim(): Promise<{ started: Promise<void> }> {
    const { leases, held, opener, workerId } = this.parts;
    const room = CLAIM_BATCH - opener.queued;
    if (room <= 0 || this.parts.closing()) return { started: Promise.resolve() };
    const claimed: ClaimedAccount[] = await leases.claim(RESTORABLE, room);
    countTakeovers(claimed, workerId);
    const fresh = claimed.filter((account) => !held.has(account.clientid) && !opener.has(account.clientid));
    return { started: opener.add(fresh) };
  }
}
