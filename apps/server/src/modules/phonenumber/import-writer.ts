/**
 * Where an import's parsed rows go (import.ts reads the file, a writer stores it). On PGlite, batches of
 * `INSERT … SELECT FROM unnest(…)` written while the next batch is read; on PostgreSQL, COPY into a staging
 * table and one move (import-copy.ts). Either way a number the list already holds is reported with
 * PHONE_TEXT.taken, and the report gets every skipped row in file order.
 */
import { PHONE_SKIP_REASONS, PHONE_TEXT } from '@sewablast/contract/phonenumber';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneNumbers } from '../../db/schema.ts';

/** A skipped row as a report keeps it: number and name as echoed, and where its reason is in PHONE_SKIP_REASONS. */
export type SkippedRow = [number: string, name: string, reason: number];
export const INVALID = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.invalid);
export const DUPLICATE_IN_FILE = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.duplicateInFile);
export const TAKEN = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.taken);

/** A valid number met for the first time in the file; `shown` is how the file wrote it. */
export interface ImportCandidate {
  line: number;
  number: string;
  name: string;
  shown: string;
}

/** What a writer needs of the import's report (file/import-report.ts). */
export interface SkipReport {
  readonly held: number;
  skip(line: number, row: SkippedRow): void;
  settle(line?: number): Promise<void>;
}

/**
 * The parser hands a writer each row in file order and awaits an answer only when it gets a promise, so that a
 * writer can hold the parser back without costing a turn per row.
 */
export interface PhoneImportWriter {
  /** A row not to be stored, with its reason. */
  skip(line: number, row: SkippedRow): Promise<void> | undefined;
  add(row: ImportCandidate): Promise<void> | undefined;
  /** The file is read: stores what is left, reports what the list refused, and answers how many rows it added. */
  finish(): Promise<number>;
  /** The import failed: lets go of what the writer holds. */
  abort(): Promise<void>;
}

const BATCH = 1000;
/** Skipped rows held out of file order at most: past this the open batch is written so that they can go. */
const HOLD = 10_000;

export function createBatchWriter(db: Db, report: SkipReport): PhoneImportWriter {
  let batch: ImportCandidate[] = [];
  let lastLine = 0;
  let created = 0;

  const write = async (rows: ImportCandidate[]) => {
    // Two array parameters instead of three per row: building and planning a 3000-parameter insert cost
    // more than writing it.
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
    const written = new Set(inserted.map((row) => row.number));
    for (const row of rows) {
      if (!written.has(row.number)) report.skip(row.line, [row.shown, row.name, TAKEN]);
    }
  };

  // One batch is written while the next is read: the database and the parsing each keep a core busy. A
  // batch's refusals arrive after later rows were read, so the report holds rows until the batches before
  // them are written.
  let writing: Promise<void> = Promise.resolve();
  const writeBatch = async () => {
    await writing;
    await report.settle(batch[0]?.line ?? lastLine + 1);
    const rows = batch;
    batch = [];
    writing = rows.length > 0 ? write(rows) : Promise.resolve();
    // Its failure is taken up by the next await of it; until then it must not count as unhandled.
    writing.catch(() => {});
  };

  return {
    skip(line, row) {
      lastLine = line;
      report.skip(line, row);
      return report.held >= HOLD ? writeBatch() : undefined;
    },
    add(row) {
      lastLine = row.line;
      batch.push(row);
      return batch.length >= BATCH || report.held >= HOLD ? writeBatch() : undefined;
    },
    async finish() {
      await writeBatch();
      await writing;
      return created;
    },
    async abort() {
      await writing.catch(() => {});
    },
  };
}
