/**
 * The skipped rows of a file import (DESIGN §6): the answer carries the count and the first
 * IMPORT_SKIPPED_SHOWN rows; the whole list, when longer, is written as the import goes, in parts of
 * IMPORT_SKIPPED_PART rows, and read back in parts by the importer alone. A user keeps one report per area:
 * each import that ends removes the ones before it.
 *
 * Rows may be reported out of file order (an import learns which rows the database refused only after it
 * has read further), so they are held until the caller says every row before a line is known, then written
 * in order. The caller keeps that hold small by settling often.
 */
import { IMPORT_SKIPPED_PART, IMPORT_SKIPPED_SHOWN } from '@sewablast/contract/imports';
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { importReportParts, importReports } from '../../db/schema.ts';

export type ImportArea = 'phonenumber' | 'proxy';

/** A report abandoned unfinished (its import's process stopped) is removed after this long. */
const ABANDONED_AFTER = sql`interval '1 day'`;

export interface ImportReportResult<Row> {
  skippedTotal: number;
  skipped: Row[];
  reportId: number | null;
}

export function createImportReports(db: Db, area: ImportArea) {
  return {
    /** A report for one import by `userId`; its rows are the service's own compact form. */
    begin<Row>(userId: number) {
      let held: { line: number; row: Row }[] = [];
      const shown: Row[] = [];
      let part: Row[] = [];
      let total = 0;
      let parts = 0;
      let reportId: number | null = null;

      async function writePart(): Promise<void> {
        if (part.length === 0) return;
        const rows = JSON.stringify(part);
        part = [];
        if (reportId === null) {
          const [report] = await db
            .insert(importReports)
            .values({ user_id: userId, area })
            .returning({ id: importReports.id });
          if (!report) throw new Error('import report not saved');
          reportId = report.id;
        }
        await db.insert(importReportParts).values({ report_id: reportId, seq: parts, rows });
        parts++;
      }

      /** Every row before `line` is known: those held are taken in file order. */
      async function settle(line = Number.POSITIVE_INFINITY): Promise<void> {
        if (held.length === 0) return;
        held.sort((a, b) => a.line - b.line);
        const cut = held.findIndex((entry) => entry.line >= line);
        const ready = cut < 0 ? held : held.slice(0, cut);
        held = cut < 0 ? [] : held.slice(cut);
        for (const { row } of ready) {
          total++;
          if (shown.length < IMPORT_SKIPPED_SHOWN) shown.push(row);
          part.push(row);
          if (part.length >= IMPORT_SKIPPED_PART) await writePart();
        }
      }

      return {
        /** Rows held, not yet written: the caller settles before this grows large. */
        get held(): number {
          return held.length;
        },

        skip(line: number, row: Row): void {
          held.push({ line, row });
        },

        settle,

        /** Writes what is left and removes the user's earlier reports of the area. */
        async finish(): Promise<ImportReportResult<Row>> {
          await settle();
          if (total > IMPORT_SKIPPED_SHOWN) await writePart();
          if (reportId !== null) {
            await db.update(importReports).set({ parts, complete: true }).where(eq(importReports.id, reportId));
          }
          // An unfinished report may be an import still running; it goes only once it is a day old.
          await db
            .delete(importReports)
            .where(
              and(
                eq(importReports.user_id, userId),
                eq(importReports.area, area),
                reportId === null ? undefined : ne(importReports.id, reportId),
                or(eq(importReports.complete, true), lt(importReports.created_at, sql`now() - ${ABANDONED_AFTER}`)),
              ),
            );
          return { skippedTotal: total, skipped: shown, reportId };
        },

        /** The import failed: what it wrote goes. */
        async abort(): Promise<void> {
          if (reportId !== null) await db.delete(importReports).where(eq(importReports.id, reportId));
        },
      };
    },

    /**
     * Part `index` of report `reportId`, for its importer only: null when the report is not theirs, not of
     * this area, unfinished or gone, so that another user cannot learn that it exists.
     */
    async part<Row>(
      userId: number,
      reportId: number,
      index: number,
    ): Promise<{ rows: Row[]; next: number | null } | null> {
      const [report] = await db
        .select({ parts: importReports.parts })
        .from(importReports)
        .where(
          and(
            eq(importReports.id, reportId),
            eq(importReports.user_id, userId),
            eq(importReports.area, area),
            eq(importReports.complete, true),
          ),
        );
      if (!report) return null;
      const [found] = await db
        .select({ rows: importReportParts.rows })
        .from(importReportParts)
        .where(and(eq(importReportParts.report_id, reportId), eq(importReportParts.seq, index)));
      const rows = found ? (JSON.parse(found.rows) as Row[]) : [];
      return { rows, next: index + 1 < report.parts ? index + 1 : null };
    },
  };
}
