/**
 * Client-side exports (spec part 2 §7): CSV with the spec's headers and JSON, saved as a download. A CSV
 * cell that starts with = + - @ (or a tab or carriage return) is prefixed with a quote so that a
 * spreadsheet shows it as text instead of running it as a formula (DESIGN §9).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<T>(header: readonly string[], rows: readonly T[], cells: (row: T) => unknown[]): string {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(cells(row).map(neutraliseCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function downloadFile(fileName: string, content: string, mime: 'text/csv' | 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
