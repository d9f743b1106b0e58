/**
 * Rows of devices that never got linked: one whose QR or code nobody used in time, and those a process
 * left behind when it died while linking. The host lets go of their sessions and gives back their proxies.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { whatsappAccounts } from '../db/schema.ts';
import { leaseFree } from './leases.ts';

/** Unlinked rows whose process died before giving them up are removed once untouched this long. */
const ABANDONED_AFTER_S = 15 * 60;

export interface Unlinked {
  clientid: string;
  proxy_id: number | null;
}

const gone = { clientid: whatsappAccounts.clientid, proxy_id: whatsappAccounts.proxy_id };

/** Deletes the account if it is still unlinked; a linked account is left alone. */
export function deleteUnlinked(db: Db, clientid: string): Promise<Unlinked[]> {
  return db
    .delete(whatsappAccounts)
    .where(and(eq(whatsappAccounts.clientid, clientid), isNull(whatsappAccounts.phonenumber)))
    .returning(gone);
}

/** Deletes unlinked rows no lease holds that nobody touched for long. */
export function deleteAbandoned(db: Db): Promise<Unlinked[]> {
  return db
    .delete(whatsappAccounts)
    .where(
      and(
        isNull(whatsappAccounts.phonenumber),
        leaseFree(),
        lt(whatsappAccounts.updated_at, sql`now() - make_interval(secs => ${ABANDONED_AFTER_S})`),
      ),
    )
    .returning(gone);
}
