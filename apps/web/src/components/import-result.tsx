/**
 * The answer to a file import: how many rows were registered, the first 5 skipped rows with the reason,
 * how many more there are, and every skipped row to download as CSV or JSON (spec part 2 §2, §9). The
 * answer carries only the first skipped rows; a download asks the server for all of them.
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadFile, toCsv, toJson } from '../lib/export-file.ts';
import { formatNumber } from '../lib/format.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

const SHOWN = 5;

interface ImportResultProps<T extends { reason: string }> {
  created: number;
  skippedTotal: number;
  /** The first skipped rows, as the import's answer carries them. */
  skipped: T[];
  noun: string;
  columns: { header: string; cell: (row: T) => string }[];
  files: { csv: string; json: string };
  /** Every skipped row, for the downloads; `onProgress` hears how many have arrived. */
  loadAll: (onProgress: (count: number) => void) => Promise<T[]>;
}

export function ImportResult<T extends { reason: string }>({
  created,
  skippedTotal,
  skipped,
  noun,
  columns,
  files,
  loadAll,
}: ImportResultProps<T>) {
  const header = columns.map((column) => column.header);
  const [loading, setLoading] = useState<'csv' | 'json' | null>(null);
  const [loaded, setLoaded] = useState(0);
  const [failure, setFailure] = useState('');

  async function download(format: 'csv' | 'json') {
    setLoading(format);
    setLoaded(0);
    setFailure('');
    try {
      const rows = await loadAll(setLoaded);
      if (format === 'csv') {
        const cells = (row: T) => [...columns.map((column) => column.cell(row)), row.reason];
        downloadFile(files.csv, toCsv([...header, 'reason'], rows, cells), 'text/csv');
      } else {
        downloadFile(files.json, toJson(rows), 'application/json');
      }
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setLoading(null);
    }
  }

  const label = (format: 'csv' | 'json', name: string) =>
    loading === format ? `Mengunduh... ${formatNumber(loaded)} / ${formatNumber(skippedTotal)}` : name;

  return (
    <div className="space-y-4" data-testid="import-result">
      <Alert tone="success">
        {formatNumber(created)} {noun} berhasil didaftarkan.
      </Alert>
      {skippedTotal > 0 && (
        <div className="rounded-lg border border-amber-200 dark:border-amber-900">
          <p className="border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm font-medium text-amber-800 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-300">
            {formatNumber(skippedTotal)} {noun} dilewati
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
          {skippedTotal > SHOWN && (
            <p className="px-4 py-2.5 text-sm text-slate-600 dark:text-slate-400">
              Dan {formatNumber(skippedTotal - SHOWN)} lainnya. Unduh daftar lengkapnya di bawah.
            </p>
          )}
          {failure && (
            <div className="px-4 pb-2.5">
              <Alert tone="error">{failure}</Alert>
            </div>
          )}
          <div className="flex flex-wrap gap-2 border-t border-amber-200 px-4 py-3 dark:border-amber-900">
            {(['csv', 'json'] as const).map((format) => (
              <Button
                key={format}
                variant="secondary"
                className="px-3 py-2"
                loading={loading === format}
                disabled={loading !== null}
                onClick={() => download(format)}
              >
                {loading !== format && <Download size={16} />}
                {label(format, `Download ${format.toUpperCase()}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
