/**
 * The search of the WhatsApp account lists and of the generator and validator lists by their account: digits
 * in its number, or a part of its name or client id, anywhere from three characters (trigram indexes, lib/like.ts).
 */
import { phoneDigits } from '@sewablast/contract/phonenumber';
import { like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { whatsappAccounts } from '../../db/schema.ts';
import { searchPattern } from '../../lib/like.ts';

export function accountSearch(term: string | undefined): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  return or(
    like(whatsappAccounts.phonenumber, searchPattern(phoneDigits(text) ?? text)),
    sql`lower(${whatsappAccounts.pushname}) like ${searchPattern(text.toLowerCase())}`,
    like(whatsappAccounts.clientid, searchPattern(text)),
  );
}

/** Rows whose `accountId` names an account that `term` finds, as accountSearch finds them (the job lists). */
export function accountMatches(accountId: PgColumn, term: string | undefined): SQL | undefined {
  const matches = accountSearch(term);
  if (!matches) return undefined;
  return sql`${accountId} in (select ${whatsappAccounts.id} from ${whatsappAccounts} where ${matches})`;
}

/** The tables a list searched by `accountMatches(…, term)` reads beside its own, for its page's `reads` (paging.ts). */
export const accountMatchReads = (term: string | undefined): PgTable[] => (term ? [whatsappAccounts] : []);
