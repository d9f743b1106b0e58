/**
 * CSV as every export writes it, in the browser and on the server (DESIGN §9): RFC 4180 quoting, CRLF line
 * ends, and a cell that starts with = + - @ (or a tab or carriage return) prefixed with a quote so that a
 * spreadsheet shows it as text instead of running it as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of neutralised cells, with its line end. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(neutraliseCell).join(',')}\r\n`;
}
