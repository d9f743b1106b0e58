/**
 * The finance export (issue 11 item 8): the accepted withdrawals decided within whole business days, as CSV
 * lines read 1000 rows at a time, so that a period of 100 000 payouts never sits in memory at once. Bank
 * details are the withdrawal's own snapshot, taken when it was requested; cells go through the contract's
 * one CSV writer, which neutralises formulas.
 */
import { ACCEPTED_EXPORT_HEADER, type TAcceptedExportQuery } from '@sewablast/contract/audit';
import { csvLine } from '@sewablast/contract/csv';
import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { endOfBusinessDate, startOfBusinessDate } from '../../lib/business-day.ts';
import { memberNames } from '../users/names.ts';

const BATCH = 1000;

export function createAcceptedExport(db: Db, timeZone: string) {
  /** `YYYY-MM-DD HH:mm:ss` on the business clock, as a spreadsheet reads a date. */
  const businessTime = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });

  async function* lines(query: TAcceptedExportQuery): AsyncGenerator<string> {
    const from = startOfBusinessDate(timeZone, query.from);
    const to = endOfBusinessDate(timeZone, query.to);
    yield csvLine(ACCEPTED_EXPORT_HEADER);
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
        const name = names.get(row.user_id);
        const member = name ? `${name.firstname} ${name.lastname}`.trim() : `#${row.user_id}`;
        const decided = row.decided_at ? businessTime.format(row.decided_at) : '';
        yield csvLine([member, row.bank, row.account_number, row.account_name, row.nominal, decided]);
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) return;
      after = last.id;
    }
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
