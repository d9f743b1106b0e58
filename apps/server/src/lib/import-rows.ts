/**
 * Turns an uploaded CSV or JSON file into rows as it streams in, without trusting its name (DESIGN §6), and
 * without ever holding the file whole: CSV is read line by line (quoted cells, CRLF and a UTF-8 BOM handled;
 * a quoted cell does not span lines), a JSON array item by item by a streaming parser. The caller sees one
 * kind of row either way: the cells of a CSV line, or a JSON item.
 *
 * A file whose head holds a NUL byte is not text and is refused whole; a later row with a control character
 * is the caller's to skip as invalid (`hasControlCharacters`). Between rows the event loop gets a turn every
 * few milliseconds, so that one large import does not stall every other request.
 */

import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { JSONParser } from '@streamparser/json';

export type ImportRow =
  | { kind: 'cells'; cells: string[]; line: number }
  | { kind: 'item'; item: unknown; line: number };

export class ImportFormatError extends Error {}

/** Bytes at the head of a file searched for a NUL, the way git and grep tell binary files from text. */
const SNIFF_BYTES = 8000;
/** The longest the reader and its caller work before other requests get a turn. */
const SLICE_MS = 10;
/** Rows between two looks at the clock: reading it for every row would cost more than the rows. */
const ROWS_PER_LOOK = 256;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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

/** One CSV line into cells: commas (or semicolons, as spreadsheets in Indonesia often write) and quotes. */
export function splitCsvLine(line: string): string[] {
  const delimiter = !line.includes(',') && line.includes(';') ? ';' : ',';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

const asBuffer = (chunk: Buffer | string): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

/** The head already read, then the rest of the stream. A stream that fails fails the loop. */
async function* chunksOf(head: Buffer, rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield asBuffer(next.value);
}

/** The items of a top-level array, as the parser completes them; only one chunk's items are held at a time. */
async function* jsonRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow> {
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
    const ready = items;
    items = [];
    for (const item of ready) yield { kind: 'item', item, line: ++line };
  }
  // The parser ends itself when the array closes; a file that stops inside it fails here.
  if (!parser.isEnded) parse(() => parser.end());
}

/**
 * The stream's lines without their `\n` or `\r\n`. Unlike node:readline, a stream that fails (an upload
 * cut off at its size limit) fails the loop instead of ending it as if the file were complete.
 */
async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  // The pieces of a line not yet ended: joined once, so that a long line costs no repeated copying.
  let pending: string[] = [];
  for await (const chunk of chunks) {
    const text = decoder.write(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      pending.push(text.slice(start, end));
      yield withoutCr(pending.join(''));
      pending = [];
      start = end + 1;
    }
    if (start < text.length) pending.push(text.slice(start));
  }
  pending.push(decoder.end());
  const last = pending.join('');
  if (last !== '') yield withoutCr(last);
}

async function* csvRows(chunks: AsyncIterable<Buffer>): AsyncGenerator<ImportRow> {
  let line = 0;
  for await (const text of linesOf(chunks)) {
    line++;
    if (text.trim() !== '') yield { kind: 'cells', cells: splitCsvLine(text), line };
  }
}

const isBlank = (byte: number | undefined) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

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
    for (let i = 0; i < chunk.length && !named; i++) {
      const at = read + i;
      named = !isBlank(chunk[i]) && !(at < BOM.length && chunk[i] === BOM[at]);
    }
    pieces.push(chunk);
    read += chunk.length;
  }
  let head = Buffer.concat(pieces);
  if (head.subarray(0, SNIFF_BYTES).includes(0)) throw new ImportFormatError('not a text file');
  if (head.subarray(0, BOM.length).equals(BOM)) head = head.subarray(BOM.length);
  let first = 0;
  while (isBlank(head[first])) first++;
  if (first === head.length) return;
  // An object is JSON too, so that it is refused as a whole rather than reported line by line as bad rows.
  if (head[first] === 0x7b) throw new ImportFormatError('JSON is not an array');
  const chunks = chunksOf(head, source);
  const rows = head[first] === 0x5b ? jsonRows(chunks) : csvRows(chunks);

  let sliceStart = performance.now();
  let count = 0;
  for await (const row of rows) {
    yield row;
    // The time since the last turn includes the caller's work on the rows it was given (and its writes).
    if (++count % ROWS_PER_LOOK === 0 && performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
