/**
 * A table of rows with a spinner while loading, 'Kosong' when empty and the error when the read failed.
 * Columns scroll sideways on narrow screens.
 */
import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: string | null;
  rowClassName?: (row: T) => string;
}

export function DataTable<T>({ columns, rows, rowKey, loading, error, rowClassName }: DataTableProps<T>) {
  const span = columns.length;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-3 ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {loading ? (
            <tr>
              <td colSpan={span} className="px-4 py-10 text-center text-brand-600">
                <Spinner size={24} />
              </td>
            </tr>
          ) : error ? (
            <tr>
              <td colSpan={span} className="px-4 py-10 text-center text-red-600 dark:text-red-400">
                {error}
              </td>
            </tr>
          ) : !rows?.length ? (
            <tr>
              <td colSpan={span} className="px-4 py-10 text-center text-slate-500 dark:text-slate-400">
                Kosong
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={`text-slate-700 dark:text-slate-300 ${rowClassName?.(row) ?? ''}`}>
                {columns.map((column) => (
                  <td key={column.header} className={`px-4 py-3 align-middle ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
