/**
 * What a session reports, written onto its account row at once (credentials first, so that a restart
 * never loses a session) and announced on the live channel (spec part 1 §3, DESIGN §8).
 */
import type { TConnectionState } from '@sewablast/contract/whatsapp-states';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { PublishAccountEvent } from '../../live/account-event.ts';
import { recordAccountEvent } from '../../rules/safety/account-events.ts';
import type { ConnectionState, SessionEvent } from '../../wa/driver.ts';
import { type AccountRow, accountByClientid } from '../account-read.ts';
import { heldBy } from '../leases.ts';
import { accountChanged } from './account-changes.ts';
import { applyReceipt, type ReceiptWriter } from './receipts.ts';
import type { ProxyRelease } from './session-host-options.ts';

/** The driver's connection states as the dashboard names them (spec part 1 §3). */
const STATE_NAMES: Record<ConnectionState, string> = {
  connecting: 'reconnecting',
  connected: 'connected',
  disconnected: 'disconnected',
  loggedOut: 'loggedOut',
  conflict: 'conflict',
  outdated: 'outdated',
};

const NUMBER_CHANGED = 'numberChanged' satisfies TConnectionState;
export const TEMP_BANNED = 'tempBanned' satisfies TConnectionState;

/** An account with no send on record starts a warm-up with its next send (send-policy.ts). */
const WARM_UP_AGAIN = { last_sent_at: null, warmup_started_on: null };

/** The session host, as far as a session's events need it. */
export interface SessionEventTarget {
  readonly db: Db;
  readonly workerId: string;
  /** The worker's receipts, recorded in batches. */
  readonly receipts: ReceiptWriter;
  publish: PublishAccountEvent;
  /** The session is gone for good (logged out, banned) or its lease passed to another worker: stop holding it. */
  lose(clientid: string): void;
  releaseProxy(proxyId: number, why?: ProxyRelease): Promise<void>;
  /** Starts or stops the account's blast as its row now wants. */
  reconcile(clientid: string): Promise<void>;
  onIncoming?: (account: AccountRow, from: string, text: string) => Promise<void>;
}

/**
 * Writes the session's state while this worker's lease holds the account. A late event of a session whose
 * account another worker took over (its 440 once the new owner connects) changes nothing, and this worker
 * lets the session go.
 */
async function update(
  host: SessionEventTarget,
  clientid: string,
  values: PgUpdateSetSource<typeof whatsappAccounts>,
): Promise<AccountRow | undefined> {
  const [row] = await host.db
    .update(whatsappAccounts)
    .set(values)
    .where(and(eq(whatsappAccounts.clientid, clientid), heldBy(host.workerId)))
    .returning();
  if (!row) host.lose(clientid);
  else accountChanged(row.id);
  return row;
}

/** A session coming up, dropping or logged out, in the account's event log ('connecting' is not an event). */
async function recordConnection(
  db: Db,
  accountId: number,
  event: Extract<SessionEvent, { type: 'connection' }>,
): Promise<void> {
  const code = event.reason ?? null;
  if (event.state === 'connected') return recordAccountEvent(db, accountId, 'connected');
  if (event.state === 'loggedOut') return recordAccountEvent(db, accountId, 'logged_out', { code });
  if (event.state !== 'connecting')
    return recordAccountEvent(db, accountId, 'disconnected', { code: code ?? event.state });
}

export async function applySessionEvent(
  host: SessionEventTarget,
  session: Pick<AccountRow, 'id' | 'clientid'>,
  event: SessionEvent,
): Promise<void> {
  // A receipt comes for most sends and needs only the account's id, which never changes: no read for it.
  if (event.type === 'receipt') return applyReceipt(host, session.id, event);
  const { db } = host;
  const { clientid } = session;
  const account = await accountByClientid(db, clientid);
  if (!account) return;
  switch (event.type) {
    case 'qr':
      return host.publish(account, 'qr', { qr: event.qr });
    case 'code':
      return host.publish(account, 'code', { code: event.code });
    case 'auth-state':
      await update(host, clientid, { auth_state: event.authState });
      return;
    case 'authenticated': {
      // Linked again by another phone: the account's number is not replaced unasked. The session is held
      // as 'numberChanged' (nothing sends from it) until the owner answers (modules/whatsapp/number-change.ts).
      if (account.phonenumber !== null && event.phonenumber !== account.phonenumber) {
        const held = await update(host, clientid, {
          pending_phonenumber: event.phonenumber,
          server: host.workerId,
          state: NUMBER_CHANGED,
          last_error: null,
        });
        if (held)
          await host.publish(held, 'connection.update', { state: NUMBER_CHANGED, phonenumber: event.phonenumber });
        return;
      }
      const row = await update(host, clientid, {
        phonenumber: event.phonenumber,
        pushname: event.pushname,
        server: host.workerId,
        state: 'connected',
        last_error: null,
      });
      if (row)
        await host.publish(row, 'authenticated', {
          phonenumber: event.phonenumber,
          pushname: event.pushname,
          server: host.workerId,
        });
      return;
    }
    case 'connection': {
      if (event.state === 'connecting' && account.phonenumber === null) return;
      const held = account.pending_phonenumber !== null;
      // A ban ends the connection too; the account reads 'suspended' until an admin activates it. A session
      // held for the owner's answer on its number reads 'numberChanged' while it is up, never 'connected'.
      const state = account.suspended
        ? 'suspended'
        : held && event.state === 'connected'
          ? NUMBER_CHANGED
          : STATE_NAMES[event.state];
      const lost = event.state === 'loggedOut';
      const row = await update(host, clientid, {
        state,
        last_error: event.reason ?? null,
        // Logged out, it must be linked again, and a linked account warms up anew (send-policy.ts).
        ...(lost ? { proxy_id: null, pending_phonenumber: null, ...WARM_UP_AGAIN } : {}),
      });
      if (!row) return;
      // A link never scanned has no history worth explaining.
      if (row.phonenumber !== null) await recordConnection(db, row.id, event);
      await host.publish(row, 'connection.update', {
        state,
        ...(state === NUMBER_CHANGED && row.pending_phonenumber ? { phonenumber: row.pending_phonenumber } : {}),
        ...(event.refusal ? { refusal: event.refusal } : {}),
      });
      if (lost) {
        host.lose(clientid);
        if (account.proxy_id !== null) await host.releaseProxy(account.proxy_id, account.suspended ? 'banned' : 'lost');
      }
      if (event.state === 'connected' && !held) {
        // Screens that missed events while the session was away catch up with the stored counts.
        await host.publish(row, 'count_synced', {
          count_success: row.count_success,
          count_fail: row.count_fail,
          count_delivered: row.count_delivered,
        });
        await host.reconcile(clientid);
      }
      return;
    }
    case 'banned': {
      if (event.until) {
        // The credentials stay good: the lease lapses, and a worker claims the account once the ban ended
        // (session-host-options.ts RESTORABLE); its blast, still wanted, resumes when it connects.
        const row = await update(host, clientid, {
          state: TEMP_BANNED,
          limited_until: event.until,
          last_error: event.reason,
          // Back from the ban, the account warms up again (send-policy.ts).
          ...WARM_UP_AGAIN,
        });
        host.lose(clientid);
        if (!row) return;
        await recordAccountEvent(db, row.id, 'temp_banned', {
          code: event.reason,
          detail: { until: event.until.toISOString() },
        });
        await host.publish(row, 'connection.update', { state: TEMP_BANNED });
        return;
      }
      const row = await update(host, clientid, {
        state: 'suspended',
        suspended: true,
        suspended_count: sql`${whatsappAccounts.suspended_count} + 1`,
        blasting: false,
        status: 'idle',
        last_error: event.reason,
      });
      if (!row) return;
      await recordAccountEvent(db, row.id, 'suspended', { code: event.reason });
      await host.publish(row, 'suspended', { suspended_count: row.suspended_count });
      return;
    }
    case 'message':
      await host.onIncoming?.(account, event.from, event.text);
      return;
    case 'profile': {
      // WhatsApp repeats the name on every app-state sync; only a change is written and announced.
      if (!event.pushname || event.pushname === account.pushname) return;
      const row = await update(host, clientid, { pushname: event.pushname });
      if (row) await host.publish(row, 'profile', { pushname: event.pushname });
      return;
    }
  }
}
