/**
 * Client-side exports (spec part 2 §7): CSV with the spec's headers, its cells neutralised by the contract's
 * one CSV writer (`csv.ts`, which the server's exports use too), and JSON, saved as a download.
 */
import { csvLine } from '@sewablast/contract/csv';

export function toCsv<T>(header: readonly string[], rows: readonly T[], cells: (row: T) => unknown[]): string {
  const lines = [`${header.join(',')}\r\n`];
  for (const row of rows) lines.push(csvLine(cells(row)));
  return lines.join('');
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
