/**
 * The search of the WhatsApp account lists and of the generator and validator lists by their account: digits
 * in its number, or a part of its name or client id, anywhere from three characters (trigram indexes, lib/like.ts).
 */
import { phoneDigits } from '@sewablast/contract/phonenumber';
import { like, or, type SQL, sql } from 'drizzle-orm';
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
