/**
 * Turns an uploaded CSV or JSON file into rows without trusting its name (DESIGN §6). CSV is read line by
 * line as it streams in (quoted cells, CRLF and a UTF-8 BOM handled; a quoted cell does not span lines);
 * a JSON array is buffered up to the upload limit and parsed. The caller sees one kind of row either way:
 * the cells of a CSV line, or a JSON item.
 */

import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

export type ImportRow =
  | { kind: 'cells'; cells: string[]; line: number }
  | { kind: 'item'; item: unknown; line: number };

export class ImportFormatError extends Error {}

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

async function* jsonRows(first: string, rest: AsyncIterable<string>): AsyncGenerator<ImportRow> {
  let text = first;
  for await (const line of rest) text += `\n${line}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ImportFormatError('invalid JSON');
  }
  if (!Array.isArray(parsed)) throw new ImportFormatError('JSON is not an array');
  for (const [index, item] of parsed.entries()) yield { kind: 'item', item, line: index + 1 };
}

/** Control characters other than tab, line breaks and form feed mean the file is not text. */
function isBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) return true;
  }
  return false;
}

/**
 * The stream's lines without their `\n` or `\r\n`. Unlike node:readline, a stream that fails (an upload
 * cut off at its size limit) fails the loop instead of ending it as if the file were complete.
 */
async function* linesOf(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  // The pieces of a line not yet ended: joined once, so that a long line costs no repeated copying.
  let pending: string[] = [];
  for await (const chunk of stream) {
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

export async function* readImportRows(stream: Readable): AsyncGenerator<ImportRow> {
  const iterator = linesOf(stream);
  let line = 0;
  let first: string | undefined;
  while (first === undefined) {
    const next = await iterator.next();
    if (next.done) return;
    line++;
    const text = next.value.replace(/^\uFEFF/, '');
    if (text.trim() !== '') first = text;
  }
  const rest: AsyncIterable<string> = { [Symbol.asyncIterator]: () => iterator };
  // An object is JSON too, so that it is refused as a whole rather than reported line by line as bad rows.
  if (/^\s*[[{]/.test(first)) {
    yield* jsonRows(first, rest);
    return;
  }
  if (isBinary(first)) throw new ImportFormatError('not a text file');
  yield { kind: 'cells', cells: splitCsvLine(first), line };
  for await (const text of rest) {
    line++;
    if (text.trim() !== '') yield { kind: 'cells', cells: splitCsvLine(text), line };
  }
}
