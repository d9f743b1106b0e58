/**
 * The answer to a file import (DESIGN §6), whatever it imports: the counts and the first skipped rows, so
 * that the answer stays small whatever the file holds. When more rows were skipped than it carries, the
 * whole list is kept as the importer's report and read back in parts (spec part 2 §2: the screen shows the
 * first 5 and offers the rest as a download).
 */
import { z } from 'zod';
import { wholeNumber } from './numbers.ts';
import { INPUT_TEXT } from './paging.ts';

/** Skipped rows an import answer carries at most. */
export const IMPORT_SKIPPED_SHOWN = 100;
/** Skipped rows in one part of a report. */
export const IMPORT_SKIPPED_PART = 10_000;

export const IMPORT_TEXT = {
  /** Added to the area's bad-file text when a CSV breaks off: an unclosed quote, text after a closing quote. */
  unreadableFrom: (line: number) =>
    `Mulai sekitar baris ${line} file tidak bisa dibaca (periksa tanda kutip "). Perbaiki lalu unggah lagi: baris yang sudah tersimpan dilewati.`,
  /** An Excel file that is not an .xlsx workbook (an old .xls, a damaged file, another ZIP). */
  unreadableWorkbook:
    'File Excel tidak dapat dibaca. Buka di Excel, simpan sebagai Excel Workbook (.xlsx), lalu unggah lagi.',
  /** The caps on what a workbook may unpack to (docs/decisions.md), each named where it was hit. */
  workbookTooManyRows: (rows: number) =>
    `File Excel berisi lebih dari ${rows.toLocaleString('id-ID')} baris (batas Excel). Bagi menjadi beberapa file lalu unggah lagi.`,
  workbookPartTooLarge: (part: string, mb: number) =>
    `Bagian ${part} di dalam file Excel lebih dari ${mb} MB setelah dibuka. Bagi menjadi beberapa file lalu unggah lagi.`,
  workbookPartTooManyTags: (part: string, tags: number) =>
    `Bagian ${part} di dalam file Excel berisi lebih dari ${tags.toLocaleString('id-ID')} elemen, tidak wajar untuk sebuah workbook. Simpan ulang di Excel lalu unggah lagi.`,
  workbookTooLarge: (mb: number) =>
    `Isi file Excel lebih dari ${mb} MB setelah dibuka. Bagi menjadi beberapa file lalu unggah lagi.`,
  workbookTooCompressed: (ratio: number) =>
    `File Excel dipadatkan lebih dari ${ratio} kali ukurannya, tidak wajar untuk sebuah workbook. Simpan ulang di Excel lalu unggah lagi.`,
} as const;

/** `part` counts from 0; a 50 MB file holds at most a few thousand parts. */
export const ZImportSkippedQuery = z.object({ part: wholeNumber(0, 100_000, INPUT_TEXT.badId).default(0) });
export type TImportSkippedQuery = z.input<typeof ZImportSkippedQuery>;

export function importAnswerOf<Row extends z.ZodType>(row: Row) {
  return z.object({
    created: z.number().int(),
    /** Every row skipped, though `skipped` carries only the first IMPORT_SKIPPED_SHOWN. */
    skippedTotal: z.number().int(),
    skipped: z.array(row).max(IMPORT_SKIPPED_SHOWN),
    /** The report holding every skipped row, or null when `skipped` already holds them all. */
    reportId: z.number().int().nullable(),
  });
}

/** One part of a report, in file order; `next` is the part to ask for next, null after the last. */
export function skippedPartOf<Row extends z.ZodType>(row: Row) {
  return z.object({ list: z.array(row), next: z.number().int().nullable() });
}
