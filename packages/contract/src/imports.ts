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

const megabytes = (bytes: number) => (bytes / 1_048_576).toLocaleString('id-ID', { maximumFractionDigits: 1 });

export const IMPORT_TEXT = {
  /** An import's progress (components/import-progress.tsx): the upload, then the server's work on the rows. */
  uploading: (sent: number, total: number) => `Mengunggah ${megabytes(sent)} dari ${megabytes(total)} MB`,
  uploaded: (total: number) => `${megabytes(total)} MB terkirim`,
  reading: (rows: number) => `Memproses: ${rows.toLocaleString('id-ID')} baris dibaca`,
  storing: (rows: number) => `Menyimpan ${rows.toLocaleString('id-ID')} baris ke daftar...`,
  waitingServer: 'Menunggu server...',

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

/**
 * An import's progress on the live channel (`import_progress`, to the importer's channels and the back office's):
 * the client names its import with this header, a random id, and shows the events that carry it.
 */
export const IMPORT_ID_HEADER = 'x-import-id';
export const ZImportIdHeaders = z.object({
  [IMPORT_ID_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Header x-import-id harus 8-64 huruf, angka, - atau _.')
    .optional(),
});
/** `reading`: rows are read as the file arrives; `storing`: the file is read and its rows go into the list. */
export const IMPORT_PHASES = ['reading', 'storing'] as const;
export type TImportPhase = (typeof IMPORT_PHASES)[number];

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
