/**
 * Message logs as other areas read them (account-loss's windows and kept sample): fragments of their
 * statements, so that each stays one statement, that read the logs by their indexes: one account's sends in a
 * span by `message_logs_whatsapp_idx` (account, time), and whether it sent to a number before, by
 * `message_logs_account_number_idx` (account, number, time). The columns named are SQL of the statement around.
 */
import { type SQL, sql } from 'drizzle-orm';
import { messageLogs } from '../../db/schema.ts';

/** Every column of `accountId`'s logs sent in [from, to), as the rows `m`. */
export const logsSentIn = (accountId: SQL, from: SQL, to: SQL): SQL =>
  sql`select * from ${messageLogs} m where m.whatsapp_id = ${accountId}
        and m.sent_at >= ${from} and m.sent_at < ${to}`;

/** Whether `accountId` sent anything in [from, to). */
export const sentIn = (accountId: SQL, from: Date, to: Date): SQL =>
  sql`exists (select 1 from ${messageLogs} m where m.whatsapp_id = ${accountId}
      and m.sent_at >= ${from.toISOString()} and m.sent_at < ${to.toISOString()})`;

/** One row, `sent` 1, when `accountId` sent to the number `phoneNumberId` before `before`; none when it did not. */
export const sentToBefore = (accountId: SQL, phoneNumberId: SQL, before: SQL): SQL =>
  sql`select 1 as sent from ${messageLogs} p where p.whatsapp_id = ${accountId}
        and p.phone_number_id = ${phoneNumberId} and p.sent_at < ${before} limit 1`;
