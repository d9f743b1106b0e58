/**
 * Rows of devices that never got linked: one whose QR or code nobody used in time, and those a process
 * left behind when it died while linking. The host lets go of their sessions and gives back their proxies.
 * A re-link nobody completed keeps the account (its number, counters and income) but not its session: the
 * account reads 'loggedOut', as after a logout from the phone, and the owner links it again from there.
 */

import { and, eq, inArray, isNotNull, isNull, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { PublishAccountEvent } from '../../live/account-event.ts';
import type { WaSession } from '../../wa/driver.ts';
import { heldBy, leaseFree } from '../leases.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

/** Unlinked rows whose process died before giving them up are removed once untouched this long. */
const ABANDONED_AFTER_S = 15 * 60;

interface Unlinked {
  clientid: string;
  proxy_id: number | null;
}

/** Untouched this long: the process that linked it died, or nobody is looking any more. */
const untouched = () => lt(whatsappAccounts.updated_at, sql`now() - make_interval(secs => ${ABANDONED_AFTER_S})`);

const gone = { clientid: whatsappAccounts.clientid, proxy_id: whatsappAccounts.proxy_id };

/** Deletes the account if it is still unlinked; a linked account is left alone. */
function deleteUnlinked(db: Db, clientid: string): Promise<Unlinked[]> {
  return db
    .delete(whatsappAccounts)
    .where(and(eq(whatsappAccounts.clientid, clientid), isNull(whatsappAccounts.phonenumber)))
    .returning(gone);
}

/** Deletes unlinked rows no lease holds that nobody touched for long. */
function deleteAbandoned(db: Db): Promise<Unlinked[]> {
  return db
    .delete(whatsappAccounts)
    .where(and(isNull(whatsappAccounts.phonenumber), leaseFree(), untouched()))
    .returning(gone);
}

/** What an abandoned re-link leaves: the account as the dashboard now shows it, and the proxy it gave up. */
interface EndedRelink {
  row: AccountRow;
  proxy_id: number | null;
}

/** Ends the re-links that match `which`: no session, no credentials, no proxy, no lease, state 'loggedOut'. */
function endRelinks(db: Db, which: SQL): Promise<EndedRelink[]> {
  return db.transaction(async (tx) => {
    const before = await tx
      .select({ id: whatsappAccounts.id, proxy_id: whatsappAccounts.proxy_id })
      .from(whatsappAccounts)
      .where(
        and(
          which,
          isNotNull(whatsappAccounts.phonenumber),
          notInArray(whatsappAccounts.state, ['loggedOut', 'suspended']),
        ),
      )
      .for('update', { skipLocked: true });
    if (before.length === 0) return [];
    const rows = await tx
      .update(whatsappAccounts)
      .set({
        // A suspended account stays suspended until an admin activates it, as a ban's logout leaves it.
        state: sql`case when ${whatsappAccounts.suspended} then 'suspended' else 'loggedOut' end`,
        auth_state: null,
        proxy_id: null,
        owner_id: null,
        lease_until: null,
        blasting: false,
        status: 'idle',
      })
      .where(
        inArray(
          whatsappAccounts.id,
          before.map((row) => row.id),
        ),
      )
      .returning();
    const proxyOf = new Map(before.map((row) => [row.id, row.proxy_id]));
    return rows.map((row) => ({ row, proxy_id: proxyOf.get(row.id) ?? null }));
  });
}

/** Ends this worker's re-link of the account, whose new session the host saw never authenticate. */
function endRelink(db: Db, clientid: string, workerId: string): Promise<EndedRelink[]> {
  return endRelinks(db, and(eq(whatsappAccounts.clientid, clientid), heldBy(workerId)) as SQL);
}

/**
 * Ends re-links no lease holds that nobody touched for long: their process died before the give-up. A
 * linked account without credentials is one whose re-link cleared them and was never scanned.
 */
function endAbandonedRelinks(db: Db): Promise<EndedRelink[]> {
  return endRelinks(db, and(isNull(whatsappAccounts.auth_state), leaseFree(), untouched()) as SQL);
}

/** The session host, as far as giving up links needs it. */
export interface GiveUpTarget {
  readonly db: Db;
  readonly workerId: string;
  /** Stops holding the session, if this process holds it. */
  release(clientid: string): Promise<void>;
  releaseProxy(proxyId: number): Promise<void>;
  publish: PublishAccountEvent;
}

async function discard(target: GiveUpTarget, rows: Unlinked[]): Promise<void> {
  for (const row of rows) {
    await target.release(row.clientid);
    if (row.proxy_id !== null) await target.releaseProxy(row.proxy_id);
  }
}

async function announceEnded(target: GiveUpTarget, ended: EndedRelink[]): Promise<void> {
  await discard(
    target,
    ended.map(({ row, proxy_id }) => ({ clientid: row.clientid, proxy_id })),
  );
  for (const { row } of ended) await target.publish(row, 'connection.update', { state: row.state });
}

/** Gives up this worker's link of the device that was never scanned: a new device's row, or a re-link. */
export async function giveUpLink(target: GiveUpTarget, clientid: string): Promise<void> {
  await discard(target, await deleteUnlinked(target.db, clientid));
  await announceEnded(target, await endRelink(target.db, clientid, target.workerId));
}

/** Gives up the links whose process died before its own give-up. */
export async function giveUpAbandoned(target: GiveUpTarget): Promise<void> {
  await discard(target, await deleteAbandoned(target.db));
  await announceEnded(target, await endAbandonedRelinks(target.db));
}

/**
 * Gives up the link when `timeoutMs` passes without its session authenticating, unless the host let the
 * session go before (a new link, a logout). Watching for `authenticated` rather than reading the row is
 * what catches a re-link, whose row has a number from before.
 */
export function watchLink(
  target: GiveUpTarget,
  session: WaSession,
  watch: { timeoutMs: number; stillHeld: () => boolean; log?: (message: string, error?: unknown) => void },
): void {
  let scanned = false;
  const stopWatching = session.subscribe((event) => {
    if (event.type === 'authenticated') scanned = true;
  });
  setTimeout(() => {
    stopWatching();
    if (scanned || !watch.stillHeld()) return;
    void giveUpLink(target, session.deviceId).catch((error) =>
      watch.log?.(`giving up the link of ${session.deviceId} failed`, error),
    );
  }, watch.timeoutMs).unref();
}
