/**
 * Holds this process's WhatsApp sessions (DESIGN §8): opens them through the driver (held-sessions.ts; the
 * claimed ones spread out by session-opener.ts), applies what they report (session-events.ts), runs their
 * blasts, and sends for the Blaster page. It owns an account while its lease runs (leases.ts), renewed
 * every 10 s; an account whose lease lapsed for 30 s is taken over by whichever process claims it first,
 * which restores the session from the stored credentials.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TDeviceActivity } from '@sewablast/contract/monitor';
import { ENGINE_TEXT } from '@sewablast/contract/whatsapp';
import { eq } from 'drizzle-orm';
import { whatsappAccounts } from '../../db/schema.ts';
import { OutcomeWriter } from '../../ledger/outcome-writer.ts';
import { Turns } from '../../lib/group-commit.ts';
import {
  type PublishAccountEvent,
  type PublishJobEvent,
  publishAccountEvent,
  publishJobEvent,
} from '../../live/account-event.ts';
import { countSend, countTakeovers } from '../../metrics/engine-metrics.ts';
import { BlastRuns } from '../blast/blast-runs.ts';
import { MediaFiles } from '../blast/blast-take.ts';
import { type Recipient, type SendOutcome, sendTemplate } from '../blast/send.ts';
import { VariantPicker } from '../blast/variants.ts';
import type { JobKind } from '../checks/job-kinds.ts';
import { JobRuns } from '../checks/job-runs.ts';
import { type Engine, EngineUnavailable, type LinkOptions } from '../engine.ts';
import { type ClaimedAccount, Leases } from '../leases.ts';
import { awaitReconnect, type RetryPace } from '../retry.ts';
import { pruneAccountEvents } from '../safety/account-events.ts';
import { healthFigures, refreshHealth, staleHealth } from '../safety/health-read.ts';
import { accountKeyStore, clearAccountKeys } from './auth-keys.ts';
import { HeldSessions } from './held-sessions.ts';
import { KeyPruneTurn, pruneAccountKeys } from './key-prune.ts';
import { ReceiptWriter } from './receipts.ts';
import { pruneSentMessages, SentMessages } from './sent-messages.ts';
import { applySessionEvent, type SessionEventTarget } from './session-events.ts';
import {
  CLAIM_BATCH,
  CLAIM_MS,
  LINK_TIMEOUT_MS,
  MAX_PENDING_OPENS,
  OPEN_SETTLE_MS,
  OPEN_STAGGER_MS,
  RENEW_MS,
  RESTORABLE,
  type SessionHostOptions,
  STOP_OPENS_MS,
} from './session-host-options.ts';
import { SessionOpener } from './session-opener.ts';
import { type GiveUpTarget, giveUpAbandoned, giveUpLink, watchLink } from './unlinked.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

export class SessionHost implements Engine {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly leases: Leases;
  private readonly held: HeldSessions;
  private readonly blasts: BlastRuns;
  /** Generator and validator runs, on the same accounts and leases as the blasts. */
  private readonly jobs: JobRuns;
  private readonly events: SessionEventTarget;
  /** Links nobody completed (unlinked.ts). */
  private readonly giveUps: GiveUpTarget;
  private timer: NodeJS.Timeout | null = null;
  /** The housekeeping round in progress: one at a time, and a stop waits for it. */
  private tick: Promise<void> | null = null;
  /** Stopping: a Blaster send not yet out gives up. */
  private closing = false;
  private readonly sentMessages: SentMessages;
  /** Starts the sessions of claimed accounts, spread out (session-opener.ts). */
  private readonly opener: SessionOpener;
  /** What blasts left behind in the held accounts' keys, pruned now and then by housekeeping (key-prune.ts). */
  private readonly keyPrune: KeyPruneTurn;

  constructor(private readonly options: SessionHostOptions) {
    this.leases = new Leases(options.db, this.workerId);
    this.sentMessages = new SentMessages(options.db);
    this.keyPrune = new KeyPruneTurn(() => pruneAccountKeys(options.db, this.workerId));
    this.held = new HeldSessions({
      driver: options.driver,
      proxyOf: options.proxyOf,
      stores: (account) => ({
        keyStore: accountKeyStore(options.db, account.id, this.workerId),
        sentMessages: this.sentMessages.of(account.id),
      }),
      // Restored credentials that ask for a QR or code were never paired: a re-link whose process died
      // before the scan. Nobody is looking at that QR.
      apply: (account, event, restored) =>
        restored && (event.type === 'qr' || event.type === 'code')
          ? giveUpLink(this.giveUps, account.clientid)
          : applySessionEvent(this.events, account, event),
      log: options.log,
    });
    this.opener = new SessionOpener({
      // An account linked meanwhile (link() opened it while it waited here) keeps the link's session.
      open: async (account) => {
        if (this.held.has(account.clientid)) return { settled: Promise.resolve() };
        const opening = await this.held.open(account, account.auth_state, {});
        // Opened as the host stops, or after a stop gave up waiting for it: let go at once.
        if (this.closing) await this.held.release(account.clientid);
        return opening;
      },
      stagger: options.stagger ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      staggerMs: OPEN_STAGGER_MS,
      maxPending: options.maxPendingOpens ?? MAX_PENDING_OPENS,
      settleMs: OPEN_SETTLE_MS,
      stopMs: options.stopOpensMs ?? STOP_OPENS_MS,
      log: options.log,
    });
    const counterWrites = new Turns();
    this.blasts = new BlastRuns({
      db: options.db,
      workerId: this.workerId,
      session: (clientid) => this.held.get(clientid),
      publish: this.publish,
      // Every blast's outcomes go through one writer, so that rounds finishing together share a statement.
      outcomes: new OutcomeWriter(options.db, counterWrites),
      media: new MediaFiles(options.db, options.files),
      variants: new VariantPicker(options.db),
      safety: options.safety ?? { timeZone: 'Asia/Jakarta', enforce: false },
      secondMs: this.secondMs,
      random: Math.random,
      log: options.log,
    });
    this.events = {
      db: options.db,
      workerId: this.workerId,
      receipts: new ReceiptWriter(options.db, this.workerId, counterWrites),
      publish: this.publish,
      // Not awaited: it is called from within the session's own event handling.
      lose: (clientid) => {
        void this.held.release(clientid).catch((error) => options.log?.(`closing ${clientid} failed`, error));
      },
      releaseProxy: options.releaseProxy,
      reconcile: (clientid) => this.reconcile(clientid),
      onIncoming: options.onIncoming,
    };
    this.giveUps = {
      db: options.db,
      workerId: this.workerId,
      release: (clientid) => this.held.release(clientid),
      releaseProxy: options.releaseProxy,
      publish: this.publish,
    };
    this.jobs = new JobRuns({
      db: options.db,
      workerId: this.workerId,
      session: (clientid) => this.held.get(clientid),
      publish: this.publishJob,
      files: options.files,
      safety: options.safety ?? { timeZone: 'Asia/Jakarta', enforce: false },
      secondMs: this.secondMs,
      random: Math.random,
      log: options.log,
    });
  }

  private get secondMs(): number {
    return this.options.secondMs ?? 1000;
  }

  /** Restores the sessions whose lease is free, and keeps the leases of those held. */
  async start(): Promise<void> {
    this.closing = false;
    this.opener.resume();
    const first = await this.claim();
    // Free accounts are looked for every few seconds, leases renewed less often: a dead worker's leases lapse
    // 20–30 s after it died, and survivors take its accounts within CLAIM_MS of that.
    const renewMs = this.options.renewMs ?? RENEW_MS;
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

  /**
   * Every renewal: the leases held, free accounts, desired state, abandoned links, old sent messages, then the
   * service's chores.
   */
  private async housekeeping(): Promise<void> {
    // Accounts waiting for their session to start, or still logging in, keep their leases like the rest.
    await this.leases.renew([...new Set([...this.held.clientids(), ...this.opener.clientids()])]);
    await this.claim();
    await this.reconcileHeld();
    await giveUpAbandoned(this.giveUps);
    await pruneSentMessages(this.options.db);
    await pruneAccountEvents(this.options.db);
    await this.keyPrune.run().catch((error) => this.options.log?.('key prune failed', error));
    // A failed refresh leaves the health as it was (due again next round); the chores still run.
    await this.refreshHealth().catch((error) => this.options.log?.('health refresh failed', error));
    for (const chore of this.options.chores ?? []) {
      await chore().catch((error) => this.options.log?.('housekeeping chore failed', error));
    }
  }

  /** The health of held accounts not refreshed lately (a blast refreshes its own), announced when it moved. */
  private async refreshHealth(): Promise<void> {
    const clock = { ...(this.options.safety ?? { timeZone: 'Asia/Jakarta', enforce: false }), now: new Date() };
    const ids = await staleHealth(this.options.db, this.workerId, clock.now);
    const changed = await refreshHealth(this.options.db, ids, clock);
    for (const [row, figures] of await healthFigures(this.options.db, changed, clock)) {
      await this.publish(row, 'health', figures);
    }
  }

  async stop(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await this.tick;
    // Accounts not opened, or still opening: their leases go back with the held ones'.
    const unopened = await this.opener.stop();
    await Promise.all([this.blasts.stopAll(), this.jobs.stopAll()]);
    // Events already received (receipts of the last sends among them) are written while the leases still
    // hold, before the database is closed; none are taken after.
    await this.held.drain();
    const clientids = this.held.clientids();
    for (const clientid of clientids) await this.held.release(clientid);
    await this.leases.giveBack([...new Set([...clientids, ...unopened])]);
  }

  holds(clientid: string): boolean {
    return this.held.has(clientid);
  }

  /** What this process does with the account (the dev monitors); null when it does not hold its session. */
  async describe(clientid: string): Promise<TDeviceActivity | null> {
    if (!this.held.has(clientid)) return null;
    return { workerId: this.workerId, session: true, blast: this.blasts.has(clientid), job: this.jobs.runOf(clientid) };
  }

  /** The sessions this process holds and the loops on them (the dev monitors). */
  activity(): { clientids: string[]; blasts: number; jobs: Record<JobKind, number> } {
    return { clientids: this.held.clientids(), blasts: this.blasts.size, jobs: this.jobs.counts() };
  }

  /** Brings the account's blast loop and job run in line with their desired state, if this process holds it. */
  async reconcile(clientid: string): Promise<void> {
    // Stopping: the loops are stopped already, and an event applied meanwhile must not start one again.
    if (this.closing) return;
    const [account] = await this.options.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.clientid, clientid));
    await this.jobs.reconcile(clientid, account, this.held.has(clientid));
    this.blasts.reconcile(clientid, account, this.held.has(clientid));
  }

  /**
   * Catches up with desired state written while no nudge reached this process (an api process's lost
   * command, a change made straight in the database): held accounts whose loop runs or not as they should not.
   */
  private async reconcileHeld(): Promise<void> {
    const clientids = this.held.clientids();
    for (const clientid of await this.blasts.mismatched(clientids)) await this.reconcile(clientid);
    for (const clientid of await this.jobs.mismatched(clientids)) await this.reconcile(clientid);
  }

  /** Stops the account's loop and waits until it has recorded its last outcome. */
  halt(clientid: string): Promise<void> {
    return this.blasts.halt(clientid);
  }

  async recheck(clientid?: string): Promise<void> {
    this.blasts.recheck(clientid);
    this.jobs.recheck(clientid);
  }

  /**
   * Sends one message right now through the account's session (the Blaster page), outside any blast. It
   * announces nothing: the account's row on the dashboard shows its blast, which this send is no part of.
   */
  async sendNow(clientid: string, to: Recipient, message: { text: string }): Promise<SendOutcome> {
    const [account] = await this.options.db
      .select({ id: whatsappAccounts.id })
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.clientid, clientid));
    if (!account || !this.held.has(clientid)) throw new EngineUnavailable(ENGINE_TEXT.noSession);
    const pace: RetryPace = {
      session: () => this.held.get(clientid),
      halted: () => this.closing,
      sleep: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * this.secondMs)),
      attempting: async () => {},
      reconnected: () => awaitReconnect(this.options.db, account.id, pace),
    };
    return countSend(await sendTemplate(pace, to, message), 'blaster');
  }

  /** Links a new device (or re-links one) on this process: QR or pairing code first. */
  async link(account: AccountRow, options: LinkOptions = {}): Promise<void> {
    await this.held.release(account.clientid);
    await this.leases.take([account.clientid]);
    await clearAccountKeys(this.options.db, account.id);
    await this.held.open(account, null, options);
    const session = this.held.get(account.clientid);
    if (!session) return;
    watchLink(this.giveUps, session, {
      timeoutMs: this.options.linkTimeoutMs ?? LINK_TIMEOUT_MS,
      stillHeld: () => this.held.get(account.clientid) === session,
      log: this.options.log,
    });
  }

  /** Logs the device out and forgets the session; the caller deletes or resets the row. */
  async logout(clientid: string): Promise<void> {
    await this.held.release(clientid, 'logout');
  }

  readonly publish: PublishAccountEvent = (account, event, ...extra) =>
    publishAccountEvent(this.options.bus, account, event, ...extra);

  readonly publishJob: PublishJobEvent = (account, job, event, extra) =>
    publishJobEvent(this.options.bus, account, job, event, extra);

  /**
   * Takes over linked accounts whose lease is free or lapsed, as many as the opener has room for, and queues
   * their sessions there: it starts them OPEN_STAGGER_MS apart without waiting for each to connect, and the
   * claim round returns at once, so that leases are renewed meanwhile. `started` resolves once they all have.
   */
  private async claim(): Promise<{ started: Promise<void> }> {
    const room = CLAIM_BATCH - this.opener.queued;
    if (room <= 0 || this.closing) return { started: Promise.resolve() };
    const claimed: ClaimedAccount[] = await this.leases.claim(RESTORABLE, room);
    countTakeovers(claimed, this.workerId);
    const fresh = claimed.filter((account) => !this.held.has(account.clientid) && !this.opener.has(account.clientid));
    return { started: this.opener.add(fresh) };
  }
}
