/**
 * Holds this process's WhatsApp sessions (DESIGN §8): opens them through the driver (held-sessions.ts; the
 * claimed ones spread out by session-opener.ts), applies what they report (session-events.ts), runs their
 * blasts, and sends for the Blaster page (blaster-send.ts). It owns an account while its lease runs
 * (leases.ts, 30 s unless LEASE_SECONDS says), renewed every third of it with the housekeeping
 * (host-rounds.ts); an account whose lease lapsed is taken over by whichever process claims it first, which
 * restores the session from the stored credentials.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TDeviceActivity } from '@sewablast/contract/monitor';
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
import type { JobKind } from '../../rules/jobs/job-kinds.ts';
import { BlastRuns } from '../blast/blast-runs.ts';
import { MediaFiles } from '../blast/blast-take.ts';
import type { Recipient, SendOutcome } from '../blast/send.ts';
import { VariantPicker } from '../blast/variants.ts';
import { JobRuns } from '../checks/job-runs.ts';
import type { Engine, LinkOptions, SimulatorAction, SimulatorInput } from '../engine.ts';
import { Leases } from '../leases.ts';
import { accountKeyStore, clearAccountKeys } from './auth-keys.ts';
import { sendNow } from './blaster-send.ts';
import { HeldSessions } from './held-sessions.ts';
import { HostRounds } from './host-rounds.ts';
import { ReceiptWriter } from './receipts.ts';
import { SentMessages } from './sent-messages.ts';
import { applySessionEvent, type SessionEventTarget } from './session-events.ts';
import {
  LINK_TIMEOUT_MS,
  MAX_PENDING_OPENS,
  OPEN_SETTLE_MS,
  OPEN_STAGGER_MS,
  type SessionHostOptions,
  STOP_OPENS_MS,
} from './session-host-options.ts';
import { SessionOpener } from './session-opener.ts';
import { type GiveUpTarget, giveUpLink, watchLink } from './unlinked.ts';

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
  /** Claims and housekeeping, every few seconds (host-rounds.ts). */
  private readonly rounds: HostRounds;
  /** Stopping: a Blaster send not yet out gives up. */
  private closing = false;
  private readonly sentMessages: SentMessages;
  /** Starts the sessions of claimed accounts, spread out (session-opener.ts). */
  private readonly opener: SessionOpener;

  constructor(private readonly options: SessionHostOptions) {
    this.leases = new Leases(options.db, this.workerId, options.leaseSeconds);
    this.sentMessages = new SentMessages(options.db);
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
    this.rounds = new HostRounds(options, {
      workerId: this.workerId,
      leases: this.leases,
      held: this.held,
      opener: this.opener,
      giveUps: this.giveUps,
      reconcileHeld: () => this.reconcileHeld(),
      publish: this.publish,
      closing: () => this.closing,
    });
  }

  private get secondMs(): number {
    return this.options.secondMs ?? 1000;
  }

  /** Restores the sessions whose lease is free, and keeps the leases of those held. */
  async start(): Promise<void> {
    this.closing = false;
    this.opener.resume();
    await this.rounds.start();
  }

  async stop(): Promise<void> {
    this.closing = true;
    await this.rounds.stop();
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

  /** Sends one message right now through the account's session (the Blaster page), outside any blast. */
  sendNow(clientid: string, to: Recipient, message: { text: string }): Promise<SendOutcome> {
    const parts = {
      db: this.options.db,
      session: (held: string) => this.held.get(held),
      halted: () => this.closing,
      secondMs: this.secondMs,
    };
    return sendNow(parts, clientid, to, message);
  }

  async simulate(clientid: string, action: SimulatorAction, input?: SimulatorInput): Promise<boolean> {
    return this.options.driver.control?.(clientid, action, input) ?? false;
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
}
