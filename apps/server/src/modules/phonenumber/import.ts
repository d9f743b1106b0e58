/**
 * Importing phone numbers from a file (spec part 2 §7, DESIGN §6): streamed, written in batches, a bad row
 * skipped with its reason and kept in the importer's report, never failing the file.
 */
import type { Readable } from 'node:stream';
import {
  normalisePhoneNumber,
  PHONE_SKIP_REASONS,
  PHONE_TEXT,
  SKIPPED_NUMBER_MAX,
  type TPhoneImportResponse,
  type TPhoneSkippedResponse,
  type TSkippedNumber,
} from '@sewablast/contract/phonenumber';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneNumbers } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { echoOf, hasControlCharacters, type ImportRow, readImportRows } from '../../lib/import-rows.ts';
import { createImportReports } from '../file/import-report.ts';

const BATCH = 1000;
/** Skipped rows held out of file order at most: past this the open batch is written so that they can go. */
const HOLD = 10_000;
const NUMBER_HEADERS = ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'no_hp'];
const NAME_HEADERS = ['name', 'nama'];

/** A skipped row as a report keeps it: number and name as echoed, and where its reason is in PHONE_SKIP_REASONS. */
type SkippedRow = [number: string, name: string, reason: number];
const INVALID = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.invalid);
const DUPLICATE_IN_FILE = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.duplicateInFile);
const TAKEN = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.taken);

function toSkipped([number, name, reason]: SkippedRow): TSkippedNumber {
  return { number, name, reason: PHONE_SKIP_REASONS[reason] ?? PHONE_TEXT.invalid };
}

export type ImportColumns = { number: number; name: number };
/** Where a file's number and name are when its first line names no columns. */
export const DEFAULT_COLUMNS: ImportColumns = { number: 0, name: 1 };

/** The columns a first CSV line names, or null when it names no known column and is data. */
export function headerColumns(row: ImportRow): ImportColumns | null {
  if (row.kind !== 'cells') return null;
  const header = row.cells.map((cell) => cell.toLowerCase());
  const number = header.findIndex((cell) => NUMBER_HEADERS.includes(cell));
  const name = header.findIndex((cell) => NAME_HEADERS.includes(cell));
  if (number < 0 && name < 0) return null;
  return { number: Math.max(number, 0), name: name >= 0 ? name : 1 };
}

/** A row's number and name as written, from its columns or its JSON item. */
export function rawOf(row: ImportRow, columns: ImportColumns): { number: string; name: string } {
  if (row.kind === 'cells') return { number: row.cells[columns.number] ?? '', name: row.cells[columns.name] ?? '' };
  const item = row.item as { number?: unknown; name?: unknown } | null;
  const number = typeof item?.number === 'string' || typeof item?.number === 'number' ? String(item.number) : '';
  return { number, name: typeof item?.name === 'string' ? item.name : '' };
}

/** `onWritten` runs whenever rows were added, so that the list forgets the total it reuses. */
export function createPhoneNumberImport(db: Db, onWritten: () => void) {
  const reports = createImportReports(db, 'phonenumber');

  return {
    /**
     * A CSV or .xlsx (`number,name`, header optional, extra columns ignored) or JSON (`[{number, name}]`) file,
     * written in batches as it streams in. A bad row is skipped with its reason; it never fails the file.
     * The answer carries the first skipped rows; all of them are the importer's report (`skippedPart`).
     */
    async importFile(actor: Actor, stream: Readable): Promise<TPhoneImportResponse> {
      const report = reports.begin<SkippedRow>(actor.id);
      let line = 0;
      const seen = new Set<number>();
      let created = 0;
      let batch: { number: string; name: string; raw: string; line: number }[] = [];
      let columns = DEFAULT_COLUMNS;
      let first = true;

      const flush = async () => {
        if (batch.length === 0) return;
        const rows = batch;
        batch = [];
        // Two array parameters instead of three per row: building and planning a 3000-parameter insert cost
        // more than writing it (DESIGN §10 gives a million rows 20 s).
        const batchInsert = db.$with('inserted', { number: sql<string>`number`.as('number') }).as(
          sql`insert into ${phoneNumbers} (number, name, source)
            select number, name, 'import'
            from unnest(${sql.param(rows.map((row) => row.number))}::varchar[],
                        ${sql.param(rows.map((row) => row.name))}::varchar[]) as batch(number, name)
            on conflict (number) do nothing
            returning number`,
        );
        const inserted = await db.with(batchInsert).select({ number: batchInsert.number }).from(batchInsert);
        created += inserted.length;
        if (inserted.length > 0) onWritten();
        const written = new Set(inserted.map((row) => row.number));
        for (const row of rows) {
          if (!written.has(row.number)) report.skip(row.line, [row.raw, row.name, TAKEN]);
        }
      };

      // One batch is written while the next is read: the database and the parsing each keep a core busy. A
      // batch's refusals arrive after later rows were read, so the report holds rows until the batches
      // before them are written.
      let writing: Promise<void> = Promise.resolve();
      const writeBatch = async () => {
        await writing;
        await report.settle(batch[0]?.line ?? line + 1);
        writing = flush();
        // Its failure is taken up by the next await of it; until then it must not count as unhandled.
        writing.catch(() => {});
      };

      try {
        for await (const row of readImportRows(stream)) {
          if (first && row.kind === 'cells') {
            first = false;
            // Only a line naming a known column is a header: any other first line is data, reported if bad.
            const named = headerColumns(row);
            if (named) {
              columns = named;
              continue;
            }
          }
          first = false;
          line++;
          const raw = rawOf(row, columns);
          const rawNumber = raw.number.trim();
          const rawName = raw.name.trim();
          const shown = echoOf(rawNumber, SKIPPED_NUMBER_MAX);
          const number = normalisePhoneNumber(rawNumber);
          // A control character (a NUL above all) is no part of a name or number, and cannot even be stored.
          if (!number || hasControlCharacters(rawNumber) || hasControlCharacters(rawName)) {
            report.skip(line, [shown, echoOf(rawName, 200), INVALID]);
          } else if (seen.has(Number(number))) {
            report.skip(line, [shown, rawName.slice(0, 200), DUPLICATE_IN_FILE]);
          } else {
            seen.add(Number(number));
            batch.push({ number, name: rawName.slice(0, 200), raw: shown, line });
          }
          if (batch.length >= BATCH || report.held >= HOLD) await writeBatch();
        }
        await writeBatch();
        await writing;
        // PGlite runs no autovacuum: without fresh statistics the planner meets a large import with plans that
        // scan the whole table for a searched page. On PostgreSQL it spares the wait for autovacuum.
        if (created > 0) await db.execute(sql`analyze ${phoneNumbers}`);
        const result = await report.finish();
        return { created, ...result, skipped: result.skipped.map(toSkipped) };
      } catch (error) {
        // The import's own failure is the one to answer, even if its report cannot be removed.
        await report.abort().catch(() => {});
        throw error;
      }
    },

    /** Part `part` of the importer's own report; anyone else's, or none, is not found. */
    async skippedPart(actor: Actor, reportId: number, part: number): Promise<TPhoneSkippedResponse> {
      const found = await reports.part<SkippedRow>(actor.id, reportId, part);
      if (!found) throw notFound(SERVER_TEXT.notFound);
      return { list: found.rows.map(toSkipped), next: found.next };
    },
  };
}
