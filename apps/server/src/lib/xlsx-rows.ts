/**
 * The rows of an Excel workbook's first worksheet as an upload streams in (issue 12: Indonesian operators keep
 * their lists in Excel), through exceljs's streaming reader: the workbook is never held whole. Excel writes
 * its shared strings after the sheets, so the reader parks a sheet in a temporary file until they arrive.
 *
 * Each cell comes out as the text a person sees: a number typed into Excel without an exponent (a phone
 * number, 6281234567890, stays those digits), rich text joined, a formula by its result, a date as ISO.
 */
import type { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportRow } from './import-rows.ts';
import { ZipFeed } from './zip-feed.ts';

/** A workbook the reader could not read, or a ZIP file that holds none. */
export class XlsxFormatError extends Error {}

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

/** What the reader keeps of the workbook's own parts, which its types leave out. */
interface WorkbookParts {
  model?: { sheets?: { rId?: string }[] };
  workbookRels?: { Id?: string; Target?: string }[];
}

/** The number N of `xl/worksheets/sheetN.xml` holding the workbook's first sheet (its first tab). */
function firstSheetFile(reader: WorkbookParts): string | null {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  return target ? (/sheet(\d+)\.xml$/.exec(target)?.[1] ?? null) : null;
}

function rowCells(row: ExcelJS.Row): string[] {
  // `values` counts columns from 1, a column left empty as a hole.
  const values = row.values as ExcelJS.CellValue[];
  const cells: string[] = [];
  for (let col = 1; col < values.length; col++) cells.push(cellText(values[col]));
  return cells;
}

/**
 * A sheet the reader parked in a temporary file holds it open until its stream is read or destroyed. The
 * reader deletes the file as soon as the next sheet is asked for, which can be before the stream has opened
 * it: that stream's ENOENT is no failure of the import.
 */
function skip(sheet: unknown): void {
  const parked = (sheet as { iterator?: unknown }).iterator;
  if (!(parked instanceof Readable)) return;
  parked.on('error', () => {});
  parked.destroy();
}

/** The items of `items` until `failed` settles, which ends the wait for the next one with its error. */
async function* until<T>(items: AsyncIterator<T>, failed: Promise<Error>): AsyncGenerator<T> {
  const failure = failed.then((error) => Promise.reject(error));
  failure.catch(() => {});
  for (;;) {
    const next = await Promise.race([items.next(), failure]);
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The first worksheet's rows that hold anything, with their row numbers, as many as one piece of the sheet
 * held. The upload's own failure (cut off at its limit, a form broken off) is thrown as it is; anything the
 * workbook's bytes make the reader throw is an XlsxFormatError.
 */
export async function* xlsxRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow[]> {
  const input = new ZipFeed(chunks);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    entries: 'emit',
    sharedStrings: 'cache',
    // Cached for their number formats, which alone tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let sheetFile: string | undefined;
  // The sheet each worksheet came from, named just before the worksheet is handed out.
  (reader as unknown as EventEmitter).on('entry', (entry: { type: string; id?: string }) => {
    if (entry.type === 'worksheet') sheetFile = entry.id;
  });

  let found = false;
  try {
    for await (const sheet of until(reader[Symbol.asyncIterator](), input.failed)) {
      if (found || sheetFile !== firstSheetFile(reader as unknown as WorkbookParts)) {
        skip(sheet);
        continue;
      }
      found = true;
      const events = sheet.parse() as AsyncIterator<{ eventType: string; value: unknown }[]>;
      for await (const batch of until(events, input.failed)) {
        const rows: ImportRow[] = [];
        for (const { eventType, value } of batch) {
          if (eventType !== 'row') continue;
          const row = value as ExcelJS.Row;
          const cells = rowCells(row);
          if (cells.some((cell) => cell !== '')) rows.push({ kind: 'cells', cells, line: row.number });
        }
        if (rows.length > 0) yield rows;
      }
    }
  } catch (error) {
    if (input.failure) throw input.failure.error;
    throw new XlsxFormatError(error instanceof Error ? error.message : String(error));
  } finally {
    input.stop();
  }
  if (input.failure) throw input.failure.error;
  if (!found) throw new XlsxFormatError('no worksheet');
}
