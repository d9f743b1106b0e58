/**
 * Holds this process's WhatsApp sessions (DESIGN §8): opens them through the driver, writes what they
 * report to the account row at once (credentials first, so that a restart never loses a session), and
 * announces it on the live channel. Ownership is a lease on the row, renewed every 10 s; an account whose
 * lease lapsed for 30 s is taken over by whichever process claims it first, which restores the session
 * from the stored credentials.
 */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { whatsappAccounts } from '../db/schema.ts';
import { type LiveAccount, publishAccountEvent } from '../live/account-event.ts';
import type { EventBus } from '../live/bus.ts';
import {
  type ConnectionState,
  type OutgoingMessage,
  SendError,
  type SessionEvent,
  type WaDriver,
  type WaSession,
} from '../wa/driver.ts';
import { accountKeyStore, clearAccountKeys } from './auth-keys.ts';
import { BlastLoop } from './blast-loop.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;
const CLAIM_BATCH = 100;
/** A device not linked by then is given up: its QR or code has long expired and nobody is looking. */
const LINK_TIMEOUT_MS = 10 * 60_000;
/** Unlinked rows whose process died before giving them up are removed once untouched this long. */
const ABANDONED_AFTER_S = 15 * 60;

/** The driver's connection states as the dashboard names them (spec part 1 §3). */
const STATE_NAMES: Record<ConnectionState, string> = {
  connecting: 'reconnecting',
  connected: 'connected',
  disconnected: 'disconnected',
  loggedOut: 'loggedOut',
  conflict: 'conflict',
};

export interface LinkOptions {
  pairingNumber?: string | null;
  proxy?: string | null;
}

/** What the API asks of the sessions: the local host, or the workers over Redis (see remote.ts). */
export interface Engine {
  link(account: AccountRow, options?: LinkOptions): Promise<void>;
  logout(clientid: string): Promise<void>;
  reconcile(clientid: string): Promise<void>;
  halt(clientid: string): Promise<void>;
  sendNow(clientid: string, to: string, message: { text: string }): Promise<void>;
}

export interface SessionHostOptions {
  /** Milliseconds in one second of blast time; tests run blasts faster. */
  secondMs?: number;
  db: Db;
  driver: WaDriver;
  bus: EventBus;
  proxyOf: (proxyId: number) => Promise<string | null>;
  /** Gives a proxy back to the pool when its account is lost or abandoned (DESIGN §5.8). */
  releaseProxy: (proxyId: number) => Promise<void>;
  onIncoming?: (account: AccountRow, from: string, text: string) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
  /** How often leases are renewed and housekeeping runs; tests shorten it. */
  renewMs?: number;
  /** How long a link may wait for its scan; tests shorten it. */
  linkTimeoutMs?: number;
}

interface Held {
  session: WaSession;
  unsubscribe: () => void;
}

export class SessionHost implements Engine {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly held = new Map<string, Held>();
  private readonly loops = new Map<string, BlastLoop>();
  private timer: NodeJS.Timeout | null = null;
  /** The housekeeping round in progress: one at a time, and a stop waits for it. */
  private tick: Promise<void> | null = null;

  constructor(private readonly options: SessionHostOptions) {}

  /** Restores the sessions whose lease is free, and keeps the leases of those held. */
  async start(): Promise<void> {
    await this.claim();
    this.timer = setInterval(() => {
      if (this.tick) return;
      this.tick = this.renew()
        .then(() => this.claim())
        .then(() => this.reconcileHeld())
        .then(() => this.purgeAbandoned())
        .catch((error) => this.options.log?.('lease renewal failed', error))
        .finally(() => {
          this.tick = null;
        });
    }, this.options.renewMs ?? RENEW_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.tick;
    const loops = [...this.loops.values()];
    for (const loop of loops) loop.stop('shutdown');
    await Promise.all(loops.map((loop) => loop.done));
    const clientids = [...this.held.keys()];
    for (const clientid of clientids) await this.drop(clientid);
    if (clientids.length) {
      await this.options.db
        .update(whatsappAccounts)
        .set({ owner_id: null, lease_until: null })
        .where(and(eq(whatsappAccounts.owner_id, this.workerId), inArray(whatsappAccounts.clientid, clientids)));
    }
  }

  holds(clientid: string): boolean {
    return this.held.has(clientid);
  }

  /** Brings the account's blast loop in line with its desired state (`blasting`), if this process holds it. */
  async reconcile(clientid: string): Promise<void> {
    const [account] = await this.options.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.clientid, clientid));
    const loop = this.loops.get(clientid);
    const wanted = Boolean(
      account?.blasting && !account.suspended && account.state === 'connected' && this.held.has(clientid),
    );
    if (!wanted) {
      loop?.stop();
      return;
    }
    if (loop || !account) return;
    const started = new BlastLoop(
      {
        db: this.options.db,
        session: () => this.held.get(clientid)?.session,
        publish: (row, event, extra) => this.publish(row, event, extra),
        secondMs: this.options.secondMs ?? 1000,
        random: Math.random,
        log: this.options.log,
      },
      account.id,
    );
    this.loops.set(clientid, started);
    void started.done.then(() => {
      if (this.loops.get(clientid) === started) this.loops.delete(clientid);
    });
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
      if (row.wanted !== this.loops.has(row.clientid)) await this.reconcile(row.clientid);
    }
  }

  /** Leases the account if no live lease holds it; answers the row, or undefined when another worker has it. */
  async leaseIfFree(accountId: number): Promise<AccountRow | undefined> {
    const [row] = await this.options.db
      .update(whatsappAccounts)
      .set({ owner_id: this.workerId, lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(
        and(
          eq(whatsappAccounts.id, accountId),
          or(
            isNull(whatsappAccounts.owner_id),
            isNull(whatsappAccounts.lease_until),
            lt(whatsappAccounts.lease_until, sql`now()`),
          ),
        ),
      )
      .returning();
    return row;
  }

  /** Stops the account's loop and waits until it has recorded its last outcome. */
  async halt(clientid: string): Promise<void> {
    const loop = this.loops.get(clientid);
    if (!loop) return;
    loop.stop();
    await loop.done;
  }

  /** Sends one message right now through the account's session (the Blaster page), outside any blast. */
  async sendNow(clientid: string, to: string, message: OutgoingMessage): Promise<void> {
    const held = this.held.get(clientid);
    if (!held) throw new SendError('disconnected', 'no-session', 'Sesi akun ini tidak aktif di server.');
    await held.session.sendMessage(to, message);
  }

  /** Links a new device (or re-links one) on this process: QR or pairing code first. */
  async link(account: AccountRow, options: LinkOptions = {}): Promise<void> {
    await this.drop(account.clientid);
    await this.lease([account.clientid]);
    await clearAccountKeys(this.options.db, account.id);
    await this.open(account, null, options);
    const session = this.held.get(account.clientid)?.session;
    setTimeout(() => {
      if (this.held.get(account.clientid)?.session !== session) return;
      void this.giveUpLink(account.clientid).catch((error) =>
        this.options.log?.(`giving up the link of ${account.clientid} failed`, error),
      );
    }, this.options.linkTimeoutMs ?? LINK_TIMEOUT_MS).unref();
  }

  /** Drops a link never completed, with its row and proxy; a linked account is left alone. */
  private async giveUpLink(clientid: string): Promise<void> {
    const gone = await this.options.db
      .delete(whatsappAccounts)
      .where(and(eq(whatsappAccounts.clientid, clientid), isNull(whatsappAccounts.phonenumber)))
      .returning({ clientid: whatsappAccounts.clientid, proxy_id: whatsappAccounts.proxy_id });
    await this.discard(gone);
  }

  /** Unlinked rows left behind by a process that died while linking: no live lease, untouched for long. */
  private async purgeAbandoned(): Promise<void> {
    const gone = await this.options.db
      .delete(whatsappAccounts)
      .where(
        and(
          isNull(whatsappAccounts.phonenumber),
          or(isNull(whatsappAccounts.lease_until), lt(whatsappAccounts.lease_until, sql`now()`)),
          lt(whatsappAccounts.updated_at, sql`now() - make_interval(secs => ${ABANDONED_AFTER_S})`),
        ),
      )
      .returning({ clientid: whatsappAccounts.clientid, proxy_id: whatsappAccounts.proxy_id });
    await this.discard(gone);
  }

  private async discard(rows: { clientid: string; proxy_id: number | null }[]): Promise<void> {
    for (const row of rows) {
      await this.drop(row.clientid);
      if (row.proxy_id !== null) await this.options.releaseProxy(row.proxy_id);
    }
  }

  /** Logs the device out and forgets the session; the caller deletes or resets the row. */
  async logout(clientid: string): Promise<void> {
    const held = this.held.get(clientid);
    if (!held) return;
    held.unsubscribe();
    this.held.delete(clientid);
    await held.session.logout().catch((error) => this.options.log?.(`logout of ${clientid} failed`, error));
  }

  private async drop(clientid: string): Promise<void> {
    const held = this.held.get(clientid);
    if (!held) return;
    held.unsubscribe();
    this.held.delete(clientid);
    await held.session.close();
  }

  private async open(account: AccountRow, authState: unknown, options: LinkOptions): Promise<void> {
    const proxy = options.proxy ?? (account.proxy_id ? await this.options.proxyOf(account.proxy_id) : null);
    const session = await this.options.driver.open({
      deviceId: account.clientid,
      authState,
      pairingNumber: options.pairingNumber ?? null,
      proxy,
      keyStore: accountKeyStore(this.options.db, account.id),
    });
    // A session's events are applied one after another: a late 'connecting' must never overwrite 'connected'.
    let queue = Promise.resolve();
    const unsubscribe = session.subscribe((event) => {
      queue = queue
        .then(() => this.handle(account.clientid, event))
        .catch((error) => this.options.log?.(`event of ${account.clientid} failed`, error));
    });
    this.held.set(account.clientid, { session, unsubscribe });
  }

  private async update(
    clientid: string,
    values: PgUpdateSetSource<typeof whatsappAccounts>,
  ): Promise<AccountRow | undefined> {
    const [row] = await this.options.db
      .update(whatsappAccounts)
      .set(values)
      .where(eq(whatsappAccounts.clientid, clientid))
      .returning();
    return row;
  }

  publish(account: LiveAccount, event: TLiveEventName, extra: Partial<TLivePayload> = {}): Promise<void> {
    return publishAccountEvent(this.options.bus, account, event, extra);
  }

  private async handle(clientid: string, event: SessionEvent): Promise<void> {
    const [account] = await this.options.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.clientid, clientid));
    if (!account) return;
    switch (event.type) {
      case 'qr':
        return this.publish(account, 'qr', { qr: event.qr });
      case 'code':
        return this.publish(account, 'code', { code: event.code });
      case 'auth-state':
        await this.update(clientid, { auth_state: event.authState });
        return;
      case 'authenticated': {
        const row = await this.update(clientid, {
          phonenumber: event.phonenumber,
          pushname: event.pushname,
          server: this.workerId,
          state: 'connected',
          last_error: null,
        });
        if (row)
          await this.publish(row, 'authenticated', {
            phonenumber: event.phonenumber,
            pushname: event.pushname,
            server: this.workerId,
          });
        return;
      }
      case 'connection': {
        if (event.state === 'connecting' && account.phonenumber === null) return;
        // A ban ends the connection too; the account reads 'suspended' until an admin activates it.
        const state = account.suspended ? 'suspended' : STATE_NAMES[event.state];
        const lost = event.state === 'loggedOut';
        const row = await this.update(clientid, {
          state,
          last_error: event.reason ?? null,
          ...(lost ? { proxy_id: null } : {}),
        });
        if (row) await this.publish(row, 'connection.update', { state });
        if (lost) {
          this.forget(clientid);
          if (account.proxy_id !== null) await this.options.releaseProxy(account.proxy_id);
        }
        if (event.state === 'connected' && row) {
          // Screens that missed events while the session was away catch up with the stored counts.
          await this.publish(row, 'count_synced', { count_success: row.count_success, count_fail: row.count_fail });
          await this.reconcile(clientid);
        }
        return;
      }
      case 'banned': {
        const row = await this.update(clientid, {
          state: 'suspended',
          suspended: true,
          suspended_count: sql`${whatsappAccounts.suspended_count} + 1`,
          blasting: false,
          status: 'idle',
          last_error: event.reason,
        });
        if (row) await this.publish(row, 'suspended', { suspended_count: row.suspended_count });
        return;
      }
      case 'message':
        await this.options.onIncoming?.(account, event.from, event.text);
        return;
    }
  }

  private forget(clientid: string) {
    const held = this.held.get(clientid);
    if (!held) return;
    held.unsubscribe();
    this.held.delete(clientid);
    void held.session.close();
  }

  private async lease(clientids: string[]): Promise<void> {
    if (clientids.length === 0) return;
    await this.options.db
      .update(whatsappAccounts)
      .set({
        owner_id: this.workerId,
        lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(whatsappAccounts.clientid, clientids));
  }

  private async renew(): Promise<void> {
    const clientids = [...this.held.keys()];
    if (clientids.length === 0) return;
    await this.options.db
      .update(whatsappAccounts)
      .set({ lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(and(eq(whatsappAccounts.owner_id, this.workerId), inArray(whatsappAccounts.clientid, clientids)));
  }

  /**
   * Takes over linked accounts whose lease is free or lapsed, and restores their sessions: a batch at a
   * time until none is left, so that a worker starting beside thousands of accounts resumes them all now.
   */
  private async claim(): Promise<void> {
    let claimed: number;
    do claimed = await this.claimBatch();
    while (claimed === CLAIM_BATCH);
  }

  private async claimBatch(): Promise<number> {
    const { db } = this.options;
    const free = db
      .select({ id: whatsappAccounts.id })
      .from(whatsappAccounts)
      .where(
        and(
          isNotNull(whatsappAccounts.auth_state),
          isNotNull(whatsappAccounts.phonenumber),
          eq(whatsappAccounts.suspended, false),
          sql`${whatsappAccounts.state} <> 'loggedOut'`,
          or(isNull(whatsappAccounts.lease_until), lt(whatsappAccounts.lease_until, sql`now()`)),
        ),
      )
      .orderBy(whatsappAccounts.id)
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(whatsappAccounts)
      .set({
        owner_id: this.workerId,
        lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(whatsappAccounts.id, free))
      .returning();
    for (const account of claimed) {
      if (this.held.has(account.clientid)) continue;
      await this.open(account, account.auth_state, {});
    }
    return claimed.length;
  }
}
