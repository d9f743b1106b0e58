/**
 * The finance export (issue 11 item 8): the accepted withdrawals decided within whole business days, as CSV
 * lines read 1000 rows at a time, so that a period of 100 000 payouts never sits in memory at once. Bank
 * details are the withdrawal's own snapshot, taken when it was requested; cells go through the contract's
 * one CSV writer, which neutralises formulas. Payouts taken back within the period (an admin's cancel of an
 * accepted withdrawal: the transfer did not happen or was returned) follow as `payout_cancelled` lines with
 * their reason, so that finance sees a payout it may already have booked reversed.
 */
import { ACCEPTED_EXPORT_HEADER, type TAcceptedExportQuery, WITHDRAW_EXPORT_STATUS } from '@sewablast/contract/audit';
import { csvLine } from '@sewablast/contract/csv';
import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawalEvents, withdrawals } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { endOfBusinessDate, startOfBusinessDate } from '../../lib/business-day.ts';
import { type MemberNames, memberNames } from '../users/names.ts';

const BATCH = 1000;

export function createAcceptedExport(db: Db, timeZone: string) {
  /** `YYYY-MM-DD HH:mm:ss` on the business clock, as a spreadsheet reads a date. */
  const businessTime = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });

  function memberOf(names: MemberNames, userId: number): string {
    const name = names.get(userId);
    return name ? `${name.firstname} ${name.lastname}`.trim() : `#${userId}`;
  }

  async function* acceptedLines(from: Date, to: Date): AsyncGenerator<string> {
    for (let after = 0; ; ) {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.status, 'accepted'),
            // Requested before it was decided: bounds the status index (status, created_at), as decided_at has none.
            lt(withdrawals.created_at, to),
            gte(withdrawals.decided_at, from),
            lt(withdrawals.decided_at, to),
            gt(withdrawals.id, after),
          ),
        )
        .orderBy(asc(withdrawals.id))
        .limit(BATCH);
      const names = await memberNames(
        db,
        rows.map((row) => row.user_id),
      );
      for (const row of rows) {
        const decided = row.decided_at ? businessTime.format(row.decided_at) : '';
        const bank = [row.bank, row.account_number, row.account_name];
        yield csvLine([
          memberOf(names, row.user_id),
          ...bank,
          row.nominal,
          decided,
          WITHDRAW_EXPORT_STATUS.accepted,
          '',
        ]);
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) return;
      after = last.id;
    }
  }

  async function* cancelledLines(from: Date, to: Date): AsyncGenerator<string> {
    for (let after = 0; ; ) {
      const rows = await db
        .select({
          id: withdrawalEvents.id,
          at: withdrawalEvents.created_at,
          reason: withdrawalEvents.reason,
          withdrawal: withdrawals,
        })
        .from(withdrawalEvents)
        .innerJoin(withdrawals, eq(withdrawals.id, withdrawalEvents.withdrawal_id))
        .where(
          and(
            eq(withdrawalEvents.from_status, 'accepted'),
            eq(withdrawalEvents.to_status, 'requested'),
            gte(withdrawalEvents.created_at, from),
            lt(withdrawalEvents.created_at, to),
            gt(withdrawalEvents.id, after),
          ),
        )
        .orderBy(asc(withdrawalEvents.id))
        .limit(BATCH);
      const names = await memberNames(
        db,
        rows.map((row) => row.withdrawal.user_id),
      );
      for (const { at, reason, withdrawal: row } of rows) {
        const bank = [row.bank, row.account_number, row.account_name];
        const line = [
          ...bank,
          row.nominal,
          businessTime.format(at),
          WITHDRAW_EXPORT_STATUS.payoutCancelled,
          reason ?? '',
        ];
        yield csvLine([memberOf(names, row.user_id), ...line]);
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) return;
      after = last.id;
    }
  }

  async function* lines(query: TAcceptedExportQuery): AsyncGenerator<string> {
    const from = startOfBusinessDate(timeZone, query.from);
    const to = endOfBusinessDate(timeZone, query.to);
    yield csvLine(ACCEPTED_EXPORT_HEADER);
    yield* acceptedLines(from, to);
    yield* cancelledLines(from, to);
  }

  return {
    /** The CSV's lines, header first; the caller's role is checked before anything is read. */
    acceptedCsv(actor: Actor, query: TAcceptedExportQuery): AsyncGenerator<string> {
      requireAccess(actor, { group: 'managers' });
      return lines(query);
    },
  };
}

export type AcceptedExport = ReturnType<typeof createAcceptedExport>;
