/**
 * What an uploaded import file is, told by its first bytes, never by its name or the client's type (DESIGN §6):
 * the one rule the import reader (import-rows.ts) reads a file by and a stored file's type is named by.
 */

/** Bytes at the head of a file searched for a NUL, the way git and grep tell binary files from text. */
export const SNIFF_BYTES = 8000;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A ZIP file's first bytes, which an .xlsx workbook is. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The first bytes of an OLE2 file: an .xls workbook of Excel 97-2003, read by nothing here. */
const OLE2 = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/**
 * `workbook`, `json` (a top-level array) and `csv` are read; `xls` (a workbook no longer read), `binary` (a NUL
 * in the head) and `object` (JSON that is not an array) are refused whole; `empty` holds nothing but blanks.
 */
export type ImportKind = 'workbook' | 'json' | 'csv' | 'xls' | 'binary' | 'object' | 'empty';

export interface SniffedImport {
  kind: ImportKind;
  /** The head without a UTF-8 BOM, which is no part of the text. */
  text: Buffer;
  /** Where the text's first character that is not blank stands in `text`. */
  start: number;
}

const isBlank = (byte: number | undefined) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** Whether `byte` at offset `at` of a file is still blank or part of a leading BOM. */
export function isLeadIn(byte: number | undefined, at: number): boolean {
  return isBlank(byte) || (at < BOM.length && byte === BOM[at]);
}

const startsWith = (head: Buffer, signature: Buffer) => head.subarray(0, signature.length).equals(signature);

/** The kind of the file whose head is `head`: at least SNIFF_BYTES of it, or all of a shorter file. */
export function sniffImport(head: Buffer): SniffedImport {
  if (startsWith(head, ZIP)) return { kind: 'workbook', text: head, start: 0 };
  if (startsWith(head, OLE2)) return { kind: 'xls', text: head, start: 0 };
  if (head.subarray(0, SNIFF_BYTES).includes(0)) return { kind: 'binary', text: head, start: 0 };
  const text = startsWith(head, BOM) ? head.subarray(BOM.length) : head;
  let start = 0;
  while (isBlank(text[start])) start++;
  if (start === text.length) return { kind: 'empty', text, start };
  const first = text[start];
  return { kind: first === 0x5b ? 'json' : first === 0x7b ? 'object' : 'csv', text, start };
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The type a stored import file is served as: what the reader will read it as, CSV for anything it refuses. */
export function importMimeOf(head: Buffer): string {
  const { kind } = sniffImport(head);
  return kind === 'workbook' ? XLSX_MIME : kind === 'json' ? 'application/json' : 'text/csv';
}
