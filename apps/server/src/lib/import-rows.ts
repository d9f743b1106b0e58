/**
 * Turns an uploaded CSV, JSON or Excel file into rows as it streams in, without trusting its name (DESIGN §6),
 * and without ever holding the file whole: CSV record by record through `csv-parse` (RFC 4180: a quoted cell
 * may hold the delimiter, doubled quotes and line breaks; CRLF and a UTF-8 BOM handled), a JSON array item by
 * item by a streaming parser, an .xlsx workbook's first sheet row by row (xlsx-rows.ts). The caller sees one
 * kind of row either way: the cells of a CSV record or a sheet's row, or a JSON item, with the line of the
 * file (the row of the sheet) where it starts.
 *
 * A workbook is told by its first bytes, a ZIP file's; an .xls of Excel 97-2003 is refused as a workbook no
 * longer read. Any other file whose head holds a NUL byte is not text and is refused whole, and so is CSV that
 * RFC 4180 cannot read (a quote never closed, text after a closing quote); a later row with a control
 * character is the caller's to skip as invalid (`hasControlCharacters`). Between rows the event loop gets a
 * turn every few milliseconds, so that one large import does not stall every other request.
 */

import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { JSONParser } from '@streamparser/json';
import { CsvError, parse } from 'csv-parse';
import { isLeadIn, SNIFF_BYTES, sniffImport } from './import-sniff.ts';
import { XlsxFormatError, XlsxLimitError, xlsxRows } from './xlsx-rows.ts';

export type ImportRow =
  | { kind: 'cells'; cells: string[]; line: number }
  | { kind: 'item'; item: unknown; line: number };

export class ImportFormatError extends Error {
  /** About where the unreadable part starts (see csvRows), when the file is readable up to there. */
  readonly line: number | null;
  /** An Excel file that could not be read: its fix is saving it again as a workbook, not editing a line. */
  readonly workbook: boolean;
  /** A workbook past a cap on what it may unpack to, in the user's words naming the cap (xlsx-guard.ts). */
  readonly limit: string | null;
  constructor(message: string, line: number | null = null, workbook = false, limit: string | null = null) {
    super(message);
    this.line = line;
    this.workbook = workbook;
    this.limit = limit;
  }
}

/** The longest the reader and its caller work before other requests get a turn. */
const SLICE_MS = 10;
/** Rows between two looks at the clock: reading it for every row would cost more than the rows. */
const ROWS_PER_LOOK = 256;

function isControl(code: number): boolean {
  return (code < 32 && code !== 9) || code === 127;
}

/** Control characters other than tab: text carrying one is not a name, number or proxy to store. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** What an answer echoes of a skipped cell: at most `max` characters, a control character shown as U+FFFD. */
export function echoOf(text: string, max: number): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  if (!hasControlCharacters(cut)) return cut;
  let shown = '';
  for (const char of cut) shown += isControl(char.charCodeAt(0)) ? '\uFFFD' : char;
  return shown;
}

const asBuffer = (chunk: Buffer | string): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

/** The head already read, then the rest of the stream. A stream that fails fails the loop. */
async function* chunksOf(head: Buffer, rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield asBuffer(next.value);
}

/** The items of a top-level array, a chunk's worth at a time as the parser completes them. */
async function* jsonRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow[]> {
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  let items: unknown[] = [];
  parser.onValue = ({ value }) => {
    items.push(value);
  };
  // Only the parser's failures mean a bad file: a failing stream (an upload cut off at its limit) is not one.
  const parse = (act: () => void) => {
    try {
      act();
    } catch {
      throw new ImportFormatError('invalid JSON');
    }
  };
  let line = 0;
  for await (const chunk of chunks) {
    parse(() => parser.write(chunk));
    if (items.length === 0) continue;
    yield items.map((item) => ({ kind: 'item', item, line: ++line }));
    items = [];
  }
  // The parser ends itself when the array closes; a file that stops inside it fails here.
  if (!parser.isEnded) parse(() => parser.end());
}

/**
 * Whichever of `,` and `;` comes first outside quotes in the head is the file's delimiter. Spreadsheets set to
 * Indonesian write `;` and leave the commas in a name unquoted; a row starts with its number, which has neither.
 */
function delimiterOf(head: Buffer): ',' | ';' {
  let quoted = false;
  for (const byte of head) {
    if (byte === 0x22) quoted = !quoted;
    else if (!quoted && byte === 0x2c) return ',';
    else if (!quoted && byte === 0x3b) return ';';
  }
  return ',';
}

/** Longer records are refused: a quote never closed would otherwise gather the rest of the file in one cell. */
const MAX_RECORD_CHARS = 1 << 20;

const trim = (cell: string) => cell.trim();

function lineBreaksIn(cells: string[]): number {
  let breaks = 0;
  for (const cell of cells) for (let at = cell.indexOf('\n'); at >= 0; at = cell.indexOf('\n', at + 1)) breaks++;
  return breaks;
}

/** The records of a CSV file, as many at a time as the parser holds: one await per record would cost more. */
async function* csvRows(chunks: AsyncIterable<Buffer>, delimiter: ',' | ';'): AsyncGenerator<ImportRow[]> {
  const other = delimiter === ',' ? ';' : ',';
  const parser = parse({
    delimiter,
    // Both named: discovery would take the first line's ending for the whole file, leaving a `\r` on some rows.
    record_delimiter: ['\r\n', '\n'],
    // Rows need not agree: the header is optional and extra columns are ignored.
    relax_column_count: true,
    // A quote inside an unquoted cell (`Bu"di`) is kept as a character.
    relax_quotes: true,
    // Spaces around a cell, and before its opening quote, are no part of it.
    trim: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  // A failing stream (an upload cut off at its limit) fails the parser, and so the loop below.
  pipeline(chunks, parser).catch(() => {});
  // Counted here rather than taken from the parser, whose count takes a CRLF inside quotes for two lines;
  // blank lines come through as one empty cell, so that each record starts on the line after the last.
  let line = 0;
  let consumed = 0;
  try {
    for await (const first of parser as AsyncIterable<string[]>) {
      const rows: ImportRow[] = [];
      for (let record: string[] | null = first; record !== null; record = parser.read()) {
        consumed++;
        const start = line + 1;
        line = start + lineBreaksIn(record);
        const [only] = record;
        if (record.length > 1) rows.push({ kind: 'cells', cells: record, line: start });
        // A line holding the other delimiter only is split on that: rows typed into an exported file mix them.
        else if (only?.includes(other)) rows.push({ kind: 'cells', cells: only.split(other).map(trim), line: start });
        else if (only) rows.push({ kind: 'cells', cells: record, line: start });
      }
      if (rows.length > 0) yield rows;
    }
  } catch (error) {
    // Records the parser read whole but the loop had not yet taken are lost with the error; each is taken as
    // one line, which holds unless one of them also spans lines.
    if (error instanceof CsvError)
      throw new ImportFormatError(error.message, line + (Number(error.records) - consumed) + 1);
    throw error;
  }
}

async function* workbookRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow[]> {
  try {
    yield* xlsxRows(chunks);
  } catch (error) {
    if (error instanceof XlsxLimitError) throw new ImportFormatError(error.message, null, true, error.shown);
    if (error instanceof XlsxFormatError) throw new ImportFormatError(error.message, null, true);
    throw error;
  }
}

export async function* readImportRows(stream: Readable): AsyncGenerator<ImportRow> {
  const source: AsyncIterator<Buffer | string> = stream[Symbol.asyncIterator]();
  // The head: at least SNIFF_BYTES, and up to the first character that is not blank, which names the kind.
  const pieces: Buffer[] = [];
  let read = 0;
  let named = false;
  while (read < SNIFF_BYTES || !named) {
    const next = await source.next();
    if (next.done) break;
    const chunk = asBuffer(next.value);
    for (let i = 0; i < chunk.length && !named; i++) named = !isLeadIn(chunk[i], read + i);
    pieces.push(chunk);
    read += chunk.length;
  }
  const { kind, text, start } = sniffImport(Buffer.concat(pieces));
  if (kind === 'xls') throw new ImportFormatError('an .xls workbook', null, true);
  if (kind === 'binary') throw new ImportFormatError('not a text file');
  if (kind === 'empty') return;
  // An object is JSON too, so that it is refused as a whole rather than reported line by line as bad rows.
  if (kind === 'object') throw new ImportFormatError('JSON is not an array');
  const chunks = chunksOf(text, source);
  const batches =
    kind === 'workbook'
      ? workbookRows(chunks)
      : kind === 'json'
        ? jsonRows(chunks)
        : csvRows(chunks, delimiterOf(text.subarray(start)));

  let sliceStart = performance.now();
  let count = 0;
  for await (const rows of batches) {
    for (const row of rows) {
      yield row;
      // The time since the last turn includes the caller's work on the rows it was given (and its writes).
      if (++count % ROWS_PER_LOOK === 0 && performance.now() - sliceStart >= SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  }
}
