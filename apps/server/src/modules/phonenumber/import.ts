/**
 * Importing phone numbers from a file (spec part 2 §7, DESIGN §6): streamed, a bad row skipped with its reason
 * and kept in the importer's report, never failing the file. The rows go by COPY (import-copy.ts).
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
import { type Db, postgresPoolOf } from '../../db/client.ts';
import { phoneNumbers } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { numberReader } from '../../lib/import-columns.ts';
import { echoOf, hasControlCharacters, readImportRows } from '../../lib/import-rows.ts';
import type { ImportProgress } from '../../live/import-progress.ts';
import { createImportReports } from '../file/import-report.ts';
import { createCopyWriter } from './import-copy.ts';
import { DUPLICATE_IN_FILE, INVALID, type PhoneImportWriter, type SkippedRow } from './import-writer.ts';

function toSkipped([number, name, reason]: SkippedRow): TSkippedNumber {
  return { number, name, reason: PHONE_SKIP_REASONS[reason] ?? PHONE_TEXT.invalid };
}

export function createPhoneNumberImport(db: Db) {
  const reports = createImportReports(db, 'phonenumber');
  const pool = postgresPoolOf(db);

  return {
    /**
     * A CSV or .xlsx (`number,name`, header optional, extra columns ignored) or JSON (`[{number, name}]`) file,
     * written as it streams in. A bad row is skipped with its reason; it never fails the file. The answer
     * carries the first skipped rows; all of them are the importer's report (`skippedPart`). `progress` hears
     * the rows read as the file arrives, then that they are being stored.
     */
    async importFile(actor: Actor, stream: Readable, progress?: ImportProgress): Promise<TPhoneImportResponse> {
      const report = reports.begin<SkippedRow>(actor.id);
      let writer: PhoneImportWriter | null = null;
      try {
        writer = await createCopyWriter(pool, report);
        const created = await readInto(writer, stream, progress);
        // Autovacuum would analyze the list in its own time; until then the planner meets a large import with
        // plans that scan the whole table for a searched page.
        if (created > 0) {
          await db.execute(sql`analyze ${phoneNumbers}`);
          // The trigram indexes took the rows into their pending lists, which every search reads through and
          // the planner then prices above a sequential scan: merged now, not at the next vacuum.
          await db.execute(
            sql`select gin_clean_pending_list('phone_numbers_number_trgm_idx'), gin_clean_pending_list('phone_numbers_name_trgm_idx')`,
          );
        }
        const result = await report.finish();
        return { created, ...result, skipped: result.skipped.map(toSkipped) };
      } catch (error) {
        // The import's own failure is the one to answer, even if its report cannot be removed.
        await writer?.abort();
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

/** Rows read between two calls of an import's progress, which sends at most a few a second anyway. */
const PROGRESS_EVERY = 1000;

/** Every row of the file to `writer`, checked and told apart from the rows before it; the rows added. */
async function readInto(writer: PhoneImportWriter, stream: Readable, progress?: ImportProgress): Promise<number> {
  let line = 0;
  const seen = new Set<number>();
  // Only a line naming a known column is a header: any other first line is data, reported if bad.
  const read = numberReader();
  for await (const row of readImportRows(stream)) {
    const raw = read(row);
    if (!raw) continue;
    line++;
    const rawNumber = raw.number.trim();
    const rawName = raw.name.trim();
    const shown = echoOf(rawNumber, SKIPPED_NUMBER_MAX);
    const number = normalisePhoneNumber(rawNumber);
    let waiting: Promise<void> | undefined;
    // A control character (a NUL above all) is no part of a name or number, and cannot even be stored.
    if (!number || hasControlCharacters(rawNumber) || hasControlCharacters(rawName)) {
      waiting = writer.skip(line, [shown, echoOf(rawName, 200), INVALID]);
    } else if (seen.has(Number(number))) {
      waiting = writer.skip(line, [shown, rawName.slice(0, 200), DUPLICATE_IN_FILE]);
    } else {
      seen.add(Number(number));
      waiting = writer.add({ line, number, name: rawName.slice(0, 200), shown });
    }
    if (waiting) await waiting;
    if (line % PROGRESS_EVERY === 0) progress?.(line, 'reading');
  }
  progress?.(line, 'storing');
  return writer.finish();
}
