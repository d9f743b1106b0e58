/**
 * Where an import's parsed rows go (import.ts reads the file, a writer stores it: COPY into a staging table
 * and one move, import-copy.ts). A number the list already holds is reported with PHONE_TEXT.taken, and the
 * report gets every skipped row in file order.
 */
import { PHONE_SKIP_REASONS, PHONE_TEXT } from '@sewablast/contract/phonenumber';

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
