/**
 * The answer to a file import: how many rows were registered, the first 5 skipped rows with the reason,
 * how many more there are, and the skipped rows to download as CSV or JSON (spec part 2 §2, §9).
 */
import { Download } from 'lucide-react';
import { downloadFile, toCsv, toJson } from '../lib/export-file.ts';
import { formatNumber } from '../lib/format.ts';
import { Alert } from './alert.tsx';

const SHOWN = 5;

interface ImportResultProps<T extends { reason: string }> {
  created: number;
  skipped: T[];
  noun: string;
  columns: { header: string; cell: (row: T) => string }[];
  files: { csv: string; json: string };
}

export function ImportResult<T extends { reason: string }>({
  created,
  skipped,
  noun,
  columns,
  files,
}: ImportResultProps<T>) {
  const header = columns.map((column) => column.header);
  return (
    <div className="space-y-4" data-testid="import-result">
      <Alert tone="success">
        {formatNumber(created)} {noun} berhasil didaftarkan.
      </Alert>
      {skipped.length > 0 && (
        <div className="rounded-lg border border-amber-200 dark:border-amber-900">
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm font-medium text-amber-800 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-300">
            {formatNumber(skipped.length)} {noun} dilewati
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
                <tr>
                  {header.map((name) => (
                    <th key={name} className="px-4 py-2">
                      {name}
                    </th>
                  ))}
                  <th className="px-4 py-2">Alasan</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {skipped.slice(0, SHOWN).map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: skipped rows may repeat, their position is their identity.
                  <tr key={index} className="text-slate-700 dark:text-slate-300">
                    {columns.map((column) => (
                      <td key={column.header} className="px-4 py-2 font-mono text-xs">
                        {column.cell(row) || '-'}
                      </td>
                    ))}
                    <td className="px-4 py-2">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {skipped.length > SHOWN && (
            <p className="px-4 py-2.5 text-sm text-slate-600 dark:text-slate-400">
              Dan {formatNumber(skipped.length - SHOWN)} lainnya. Unduh daftar lengkapnya di bawah.
            </p>
          )}
          <div className="flex flex-wrap gap-2 border-t border-amber-200 px-4 py-3 dark:border-amber-900">
            <button
              type="button"
              onClick={() =>
                downloadFile(
                  files.csv,
                  toCsv([...header, 'reason'], skipped, (row) => [
                    ...columns.map((column) => column.cell(row)),
                    row.reason,
                  ]),
                  'text/csv',
                )
              }
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <Download size={16} /> Download CSV
            </button>
            <button
              type="button"
              onClick={() => downloadFile(files.json, toJson(skipped), 'application/json')}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <Download size={16} /> Download JSON
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
