/**
 * Holds this process's WhatsApp sessions (DESIGN §8): opens them through the driver, applies what they
 * report (session-events.ts), runs their blasts, and sends for the Blaster page. It owns an account while
 * its lease runs (leases.ts), renewed every 10 s; an account whose lease lapsed for 30 s is taken over by
 * whichever process claims it first, which restores the session from the stored credentials.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import type { TDeviceActivity } from '@sewablast/contract/monitor';
import { ENGINE_TEXT } from '@sewablast/contract/whatsapp';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { whatsappAccounts } from '../db/schema.ts';
import { OutcomeWriter } from '../ledger/outcome-writer.ts';
import { Turns } from '../lib/group-commit.ts';
import { type LiveAccount, publishAccountEvent } from '../live/account-event.ts';
import type { EventBus } from '../live/bus.ts';
import { countSend, countTakeovers } from '../metrics/engine-metrics.ts';
import type { FileStore } from '../modules/file/store.ts';
import type { WaDriver, WaSession } from '../wa/driver.ts';
import { accountKeyStore, clearAccountKeys } from './auth-keys.ts';
import { BlastRuns } from './blast-runs.ts';
import { MediaFiles } from './blast-take.ts';
import { type Engine, EngineUnavailable, type LinkOptions } from './engine.ts';
import type { JobKind } from './job-kinds.ts';
import { JobRuns } from './job-runs.ts';
import { type ClaimedAccount, Leases } from './leases.ts';
import { ReceiptWriter } from './receipts.ts';
import { awaitReconnect, type RetryPace } from './retry.ts';
import { type Recipient, type SendOutcome, sendTemplate } from './send.ts';
import { pruneSentMessages, SentMessages } from './sent-messages.ts';
import { applySessionEvent, type SessionEventTarget, TEMP_BANNED } from './session-events.ts';
import { type GiveUpTarget, giveUpAbandoned, giveUpLink, watchLink } from './unlinked.ts';
import { VariantPicker } from './variants.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

const RENEW_MS = 10_000;
const CLAIM_MS = 2_000;
const CLAIM_BATCH = 100;
/**
 * The mean pause between two sessions a claim opens: a worker starting beside thousands of accounts (or
 * taking over a dead worker's) connects them 20 a second, not a hundred in one instant through the same
 * proxies, and WhatsApp sees no burst of logins from one place.
 */
const OPEN_STAGGER_MS = 50;
/** A device not linked by then is given up: its QR or code has long expired and nobody is looking. */
const LINK_TIMEOUT_MS = 10 * 60_000;

/** Linked accounts worth restoring when their lease is free; a temporarily banned one once its ban ended. */
const RESTORABLE = and(
  isNotNull(whatsappAccounts.auth_state),
  isNotNull(whatsappAccounts.phonenumber),
  eq(whatsappAccounts.suspended, false),
  sql`${whatsappAccounts.state} <> 'loggedOut'`,
  sql`(${whatsappAccounts.state} <> ${TEMP_BANNED} or ${whatsappAccounts.limited_until} <= now())`,
);

export interface SessionHostOptions {
  /** Milliseconds in one second of send time; tests run blasts faster. */
  secondMs?: number;
  db: Db;
  driver: WaDriver;
  bus: EventBus;
  proxyOf: (proxyId: number) => Promise<string | null>;
  /** Gives a proxy back to the pool when its account is lost or abandoned (DESIGN §5.8). */
  releaseProxy: (proxyId: number) => Promise<void>;
  onIncoming?: (account: AccountRow, from: string, text: string) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
  /** Where template media and validator files are read from (the services' one store). */
  files: FileStore;
  /** How often leases are renewed and housekeeping runs; tests shorten it. */
  renewMs?: number;
  /** How often lapsed leases are looked for between renewals (at most renewMs). */
  claimMs?: number;
  /** Waits the pause between two sessions a claim opens (OPEN_STAGGER_MS, jittered by half); tests watch it. */
  stagger?: (ms: number) => Promise<void>;
  /** How long a link may wait for its scan; tests shorten it. */
  linkTimeoutMs?: number;
  /**
   * The service's other periodic clean-ups, run in each housekeeping round after the engine's own, so that a
   * worker has one periodic loop (each paces itself; a failure is logged and leaves the round going).
   */
  chores?: (() => Promise<void>)[];
  /**
   * BUSINESS_TZ, and whether the account safety rule holds blasts back (ACCOUNT_SAFETY; services.ts always says).
   * Left out (engine tests about other things), it does not: their blasts run whatever the time of day.
   */
  safety?: { timeZone: string; enforce: boolean };
}

interface Held {
  session: WaSession;
  unsubscribe: () => void;
  /** The session's events received so far, applied (its queue). */
  applied: () => Promise<void>;
}

export class SessionHost implements Engine {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly leases: Leases;
  private readonly held = new Map<string, Held>();
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

  constructor(private readonly options: SessionHostOptions) {
    this.leases = new Leases(options.db, this.workerId);
    const counterWrites = new Turns();
    this.blasts = new BlastRuns({
      db: options.db,
      workerId: this.workerId,
      session: (clientid) => this.held.get(clientid)?.session,
      publish: (row, event, extra) => this.publish(row, event, extra),
      // Every blast's outcomes go through one writer, so that rounds finishing together share a statement.
      outcomes: new OutcomeWriter(options.db, counterWrites),
      media: new MediaFiles(options.db, options.files),
      variants: new VariantPicker(options.db),
      safety: options.safety ?? { timeZone: 'Asia/Jakarta', enforce: false },
      secondMs: this.secondMs,
      random: Math.random,
      log: options.log,
    });
    this.sentMessages = new SentMessages(options.db);
    this.events = {
      db: options.db,
      workerId: this.workerId,
      receipts: new ReceiptWriter(options.db, this.workerId, counterWrites),
      publish: (account, event, extra) => this.publish(account, event, extra),
      // Not awaited: it is called from within the session's own event handling.
      lose: (clientid) => {
        void this.release(clientid).catch((error) => options.log?.(`closing ${clientid} failed`, error));
      },
      releaseProxy: options.releaseProxy,
      reconcile: (clientid) => this.reconcile(clientid),
      onIncoming: options.onIncoming,
    };
    this.giveUps = {
      db: options.db,
      workerId: this.workerId,
      release: (clientid) => this.release(clientid),
      releaseProxy: options.releaseProxy,
      publish: (account, event, extra) => this.publish(account, event, extra),
    };
    this.jobs = new JobRuns({
      db: options.db,
      workerId: this.workerId,
      session: (clientid) => this.held.get(clientid)?.session,
      publish: (account, event, extra) => this.publish(account, event, extra),
      files: options.files,
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
    await this.claim();
    // Free accounts are looked for every few seconds, leases renewed less often: a dead worker's leases lapse
    // 20–30 s after it died, and survivors take its accounts within CLAIM_MS of that.
    const renewMs = this.options.renewMs ?? RENEW_MS;
    const claimMs = Math.min(renewMs, this.options.claimMs ?? CLAIM_MS);
    let renewedAt = Date.now();
    this.timer = setInterval(() => {
      if (this.tick) return;
      const renewing = Date.now() - renewedAt >= renewMs - claimMs / 2;
      if (renewing) renewedAt = Date.now();
      this.tick = (renewing ? this.housekeeping() : this.claim())
        .catch((error) => this.options.log?.('lease renewal failed', error))
        .finally(() => {
          this.tick = null;
        });
    }, claimMs);
    this.timer.unref();
  }

  /**
   * Every renewal: the leases held, free accounts, desired state, abandoned links, old sent messages, then the
   * service's chores.
   */
  private async housekeeping(): Promise<void> {
    await this.leases.renew([...this.held.keys()]);
    await this.claim();
    await this.reconcileHeld();
    await giveUpAbandoned(this.giveUps);
    await pruneSentMessages(this.options.db);
    for (const chore of this.options.chores ?? []) {
      await chore().catch((error) => this.options.log?.('housekeeping chore failed', error));
    }
  }

  async stop(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await this.tick;
    await Promise.all([this.blasts.stopAll(), this.jobs.stopAll()]);
    // Events already received (receipts of the last sends among them) are written while the leases still
    // hold, before the database is closed; none are taken after.
    const held = [...this.held.values()];
    for (const { unsubscribe } of held) unsubscribe();
    await Promise.all(held.map(({ applied }) => applied()));
    const clientids = [...this.held.keys()];
    for (const clientid of clientids) await this.release(clientid);
    await this.leases.giveBack(clientids);
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
    return { clientids: [...this.held.keys()], blasts: this.blasts.size, jobs: this.jobs.counts() };
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
    const clientids = [...this.held.keys()];
    if (clientids.length === 0) return;
    const rows = await this.options.db
      .select({
        clientid: whatsappAccounts.clientid,
        wanted: sql<boolean>`${whatsappAccounts.blasting} and not ${whatsappAccounts.suspended} and ${whatsappAccounts.state} = 'connected'`,
      })
      .from(whatsappAccounts)
      .where(inArray(whatsappAccounts.clientid, clientids));
    for (const row of rows) {
      if (row.wanted !== this.blasts.has(row.clientid)) await this.reconcile(row.clientid);
    }
    for (const clientid of await this.jobs.mismatched(clientids)) await this.reconcile(clientid);
  }

  /** Stops the account's loop and waits until it has recorded its last outcome. */
  halt(clientid: string): Promise<void> {
    return this.blasts.halt(clientid);
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
      session: () => this.held.get(clientid)?.session,
      halted: () => this.closing,
      sleep: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * this.secondMs)),
      attempting: async () => {},
      reconnected: () => awaitReconnect(this.options.db, account.id, pace),
    };
    return countSend(await sendTemplate(pace, to, message), 'blaster');
  }

  /** Links a new device (or re-links one) on this process: QR or pairing code first. */
  async link(account: AccountRow, options: LinkOptions = {}): Promise<void> {
    await this.release(account.clientid);
    await this.leases.take([account.clientid]);
    await clearAccountKeys(this.options.db, account.id);
    await this.open(account, null, options);
    const session = this.held.get(account.clientid)?.session;
    if (!session) return;
    watchLink(this.giveUps, session, {
      timeoutMs: this.options.linkTimeoutMs ?? LINK_TIMEOUT_MS,
      stillHeld: () => this.held.get(account.clientid)?.session === session,
      log: this.options.log,
    });
  }

  /** Logs the device out and forgets the session; the caller deletes or resets the row. */
  async logout(clientid: string): Promise<void> {
    await this.release(clientid, 'logout');
  }

  /**
   * Stops holding the session: `close` keeps its credentials (a restart, a takeover, a session already
   * lost), `logout` unlinks the device from the phone.
   */
  private async release(clientid: string, how: 'close' | 'logout' = 'close'): Promise<void> {
    const held = this.held.get(clientid);
    if (!held) return;
    held.unsubscribe();
    this.held.delete(clientid);
    if (how === 'close') await held.session.close();
    else await held.session.logout().catch((error) => this.options.log?.(`logout of ${clientid} failed`, error));
  }

  private async open(account: AccountRow, authState: unknown, options: LinkOptions): Promise<void> {
    const proxy = options.proxy ?? (account.proxy_id ? await this.options.proxyOf(account.proxy_id) : null);
    const session = await this.options.driver.open({
      deviceId: account.clientid,
      authState,
      pairingNumber: options.pairingNumber ?? null,
      proxy,
      keyStore: accountKeyStore(this.options.db, account.id, this.workerId),
      sentMessages: this.sentMessages.of(account.id),
    });
    // A session's events are applied one after another: a late 'connecting' must never overwrite 'connected'.
    let queue = Promise.resolve();
    const unsubscribe = session.subscribe((event) => {
      // Restored credentials that ask for a QR or code were never paired: a re-link whose process died
      // before the scan. Nobody is looking at that QR.
      const unpaired = authState !== null && (event.type === 'qr' || event.type === 'code');
      queue = queue
        .then(() =>
          unpaired ? giveUpLink(this.giveUps, account.clientid) : applySessionEvent(this.events, account, event),
        )
        .catch((error) => this.options.log?.(`event of ${account.clientid} failed`, error));
    });
    this.held.set(account.clientid, { session, unsubscribe, applied: () => queue });
  }

  publish(account: LiveAccount, event: TLiveEventName, extra: Partial<TLivePayload> = {}): Promise<void> {
    return publishAccountEvent(this.options.bus, account, event, extra);
  }

  /**
   * Takes over up to a batch of linked accounts whose lease is free or lapsed, and restores their sessions
   * one after another, OPEN_STAGGER_MS apart; the next claim round takes the next batch, so that leases are
   * renewed between batches and a worker starting beside thousands of accounts spreads their logins out.
   */
  private async claim(): Promise<void> {
    const claimed: ClaimedAccount[] = await this.leases.claim(RESTORABLE, CLAIM_BATCH);
    countTakeovers(claimed, this.workerId);
    const stagger = this.options.stagger ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    let first = true;
    for (const account of claimed) {
      // A stop waits for this round: the accounts not yet opened lapse to another worker.
      if (this.closing) return;
      if (this.held.has(account.clientid)) continue;
      if (!first) await stagger(OPEN_STAGGER_MS * (0.5 + Math.random()));
      first = false;
      await this.open(account, account.auth_state, {});
    }
  }
}
