/**
 * Where a number file's number and name are (DESIGN §6): the columns its first CSV line names, else the first
 * two; a JSON item's `number` and `name`. The phone number import and a validator's file read them alike.
 */
import type { ImportRow } from './import-rows.ts';

const NUMBER_HEADERS = ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'no_hp'];
const NAME_HEADERS = ['name', 'nama'];

export type ImportColumns = { number: number; name: number };
/** Where a file's number and name are when its first line names no columns. */
const DEFAULT_COLUMNS: ImportColumns = { number: 0, name: 1 };

/**
 * Reads a number file's rows in order, each as its number and name as written: the first row, when it names a
 * known column, is the header and gives null, any other first line is data. One reader per file.
 */
export function numberReader(): (row: ImportRow) => { number: string; name: string } | null {
  let columns: ImportColumns | undefined;
  return (row) => {
    if (!columns) {
      const named = headerColumns(row);
      columns = named ?? DEFAULT_COLUMNS;
      if (named) return null;
    }
    return rawOf(row, columns);
  };
}

/** The columns a first CSV line names, or null when it names no known column and is data. */
function headerColumns(row: ImportRow): ImportColumns | null {
  if (row.kind !== 'cells') return null;
  const header = row.cells.map((cell) => cell.toLowerCase());
  const number = header.findIndex((cell) => NUMBER_HEADERS.includes(cell));
  const name = header.findIndex((cell) => NAME_HEADERS.includes(cell));
  if (number < 0 && name < 0) return null;
  return { number: Math.max(number, 0), name: name >= 0 ? name : 1 };
}

/** A row's number and name as written, from its columns or its JSON item. */
function rawOf(row: ImportRow, columns: ImportColumns): { number: string; name: string } {
  if (row.kind === 'cells') return { number: row.cells[columns.number] ?? '', name: row.cells[columns.name] ?? '' };
  const item = row.item as { number?: unknown; name?: unknown } | null;
  const number = typeof item?.number === 'string' || typeof item?.number === 'number' ? String(item.number) : '';
  return { number, name: typeof item?.name === 'string' ? item.name : '' };
}
