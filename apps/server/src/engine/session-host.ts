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
import type { EventBus } from '../live/bus.ts';
import type { ConnectionState, SessionEvent, WaDriver, WaSession } from '../wa/driver.ts';
import { BlastLoop } from './blast-loop.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;
const CLAIM_BATCH = 100;

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

export interface SessionHostOptions {
  /** Milliseconds in one second of blast time; tests run blasts faster. */
  secondMs?: number;
  db: Db;
  driver: WaDriver;
  bus: EventBus;
  proxyOf: (proxyId: number) => Promise<string | null>;
  onIncoming?: (account: AccountRow, from: string, text: string) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

interface Held {
  session: WaSession;
  unsubscribe: () => void;
}

export class SessionHost {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly held = new Map<string, Held>();
  private readonly loops = new Map<string, BlastLoop>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SessionHostOptions) {}

  /** Restores the sessions whose lease is free, and keeps the leases of those held. */
  async start(): Promise<void> {
    await this.claim();
    this.timer = setInterval(() => {
      void this.renew()
        .then(() => this.claim())
        .catch((error) => this.options.log?.('lease renewal failed', error));
    }, RENEW_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
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

  /** Stops the account's loop and waits until it has recorded its last outcome. */
  async halt(clientid: string): Promise<void> {
    const loop = this.loops.get(clientid);
    if (!loop) return;
    loop.stop();
    await loop.done;
  }

  /** Links a new device (or re-links one) on this process: QR or pairing code first. */
  async link(account: AccountRow, options: LinkOptions = {}): Promise<void> {
    await this.drop(account.clientid);
    await this.lease([account.clientid]);
    await this.open(account, null, options);
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

  async publish(
    account: Pick<AccountRow, 'id' | 'user_id' | 'clientid' | 'state' | 'status'>,
    event: TLiveEventName,
    extra: Partial<TLivePayload> = {},
  ) {
    const { id, user_id, clientid, state, status } = account;
    await this.options.bus.publish({
      userId: user_id,
      message: {
        event,
        payload: {
          deviceId: clientid,
          date: new Date().toISOString(),
          sender: { id, user_id, clientid, state, status },
          ...extra,
        },
      },
    });
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
        const state = STATE_NAMES[event.state];
        const row = await this.update(clientid, { state, last_error: event.reason ?? null });
        if (row) await this.publish(row, 'connection.update', { state });
        if (event.state === 'loggedOut') this.forget(clientid);
        if (event.state === 'connected') await this.reconcile(clientid);
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

  /** Takes over linked accounts whose lease is free or lapsed, and restores their sessions. */
  private async claim(): Promise<void> {
    const { db } = this.options;
    const free = db
      .select({ id: whatsappAccounts.id })
      .from(whatsappAccounts)
      .where(
        and(
          isNotNull(whatsappAccounts.auth_state),
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
  }
}
