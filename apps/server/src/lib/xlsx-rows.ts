/**
 * The rows of an Excel workbook's first worksheet as an upload streams in (issue 12: Indonesian operators keep
 * their lists in Excel), through exceljs's parsers part by part (xlsx-parts.ts): the workbook is never held
 * whole. Excel writes its shared strings after the sheets, so a sheet waits in a temporary folder of this
 * upload's own until they arrive; what the parts may unpack to and the rows a sheet may hold are capped
 * (xlsx-guard.ts).
 *
 * Each cell comes out as the text a person sees: a number typed into Excel without an exponent (a phone
 * number, 6281234567890, stays those digits), rich text joined, a formula by its result, a date as ISO.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type ExcelJS from 'exceljs';
import type { ImportRow } from './import-rows.ts';
import { tooManyRows, UnpackGuard, XLSX_LIMITS, XlsxFormatError } from './xlsx-guard.ts';
import { WorkbookParts } from './xlsx-parts.ts';
import { ZipFeed } from './zip-feed.ts';

export { XlsxFormatError, XlsxLimitError } from './xlsx-guard.ts';

let reading = 0;
/** Workbooks being read in this process now. */
export const workbooksBeingRead = () => reading;

/** Reads waiting for their turn, first come first served. */
const waiting: (() => void)[] = [];

/**
 * Counts the read in at once when a place is free (in the same step as the check, so that reads started
 * together cannot all pass), else waits for one.
 */
async function turn(): Promise<void> {
  if (reading < XLSX_LIMITS.readsAtOnce) {
    reading += 1;
    return;
  }
  // The place of a read that ends is handed over: `reading` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** A read ended: its place goes to the first waiting one, or is free. */
function leave(): void {
  const first = waiting.shift();
  if (first) first();
  else reading -= 1;
}

/** Excel keeps 15 significant digits: past them a double's digits are noise (0.1 + 0.2). */
const fraction = new Intl.NumberFormat('en-US', { useGrouping: false, maximumSignificantDigits: 15 });

function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isSafeInteger(value)) return String(value);
  return Number.isInteger(value) ? BigInt(value).toString() : fraction.format(value);
}

/** A date without a time of day is a day: that is how a date typed into a cell is stored. */
function dateText(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value)
    return value.richText
      .map((run) => run.text ?? '')
      .join('')
      .trim();
  // A formula never calculated (a file written by a program rather than Excel) has no result to show.
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  return '';
}

function rowCells(row: ExcelJS.Row): string[] {
  // `values` counts columns from 1, a column left empty as a hole.
  const values = row.values as ExcelJS.CellValue[];
  const cells: string[] = [];
  for (let col = 1; col < values.length; col++) cells.push(cellText(values[col]));
  return cells;
}

/**
 * The first worksheet's rows that hold anything, with their row numbers, as many as one piece of the sheet
 * held. The upload's own failure (cut off at its limit, a form broken off) is thrown as it is; a cap of
 * xlsx-guard.ts crossed is an XlsxLimitError, and anything else the workbook's bytes make the reader throw
 * an XlsxFormatError. Whatever the end, nothing the reading put on disk stays.
 */
export async function* xlsxRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow[]> {
  await turn();
  try {
    yield* readRows(chunks);
  } finally {
    leave();
  }
}

async function* readRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sewablast-xlsx-'));
  const input = new ZipFeed(chunks);
  const parts = await WorkbookParts.open(input, dir, new UnpackGuard(() => input.received));
  let found = false;
  let rowsRead = 0;
  try {
    for await (const sheet of parts.firstTab()) {
      found = true;
      // An async generator, which exceljs's types call an iterator.
      const events = sheet.parse() as unknown as AsyncIterable<{ eventType: string; value: unknown }[]>;
      for await (const batch of events) {
        const rows: ImportRow[] = [];
        for (const { eventType, value } of batch) {
          if (eventType !== 'row') continue;
          // A batch is one piece of the sheet (16 KB), so the cap stops the reading within a piece.
          if (++rowsRead > XLSX_LIMITS.rows) throw tooManyRows();
          const row = value as ExcelJS.Row | null;
          const cells = row ? rowCells(row) : [];
          if (row && cells.some((cell) => cell !== '')) rows.push({ kind: 'cells', cells, line: row.number });
        }
        if (rows.length > 0) yield rows;
      }
    }
  } catch (error) {
    if (input.failure) throw input.failure.error;
    if (error instanceof XlsxFormatError) throw error;
    throw new XlsxFormatError(error instanceof Error ? error.message : String(error));
  } finally {
    parts.close();
    input.stop();
    await rm(dir, { recursive: true, force: true });
  }
  if (input.failure) throw input.failure.error;
  if (!found) throw new XlsxFormatError('no worksheet');
}
