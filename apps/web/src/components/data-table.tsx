/**
 * A list of rows with a spinner while loading, 'Kosong' when empty and the error when the read failed: a
 * table while its columns fit side by side, and otherwise one card per row (the first column and the actions
 * on top, each other column a labelled field), so that every column, Status and Action included, shows
 * without sideways scrolling at any width (use-table-fit.ts decides).
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import { useTableFit } from './use-table-fit.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The row's buttons: the table's last column, the card's top right. */
  actions?: boolean;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: string | null;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, loading, error } = props;
  const fit = useTableFit();
  const notice = loading ? (
    <Spinner size={24} className="text-brand-600" />
  ) : error ? (
    <span className="text-red-600 dark:text-red-400">{error}</span>
  ) : !rows?.length ? (
    <span className="text-slate-500 dark:text-slate-400">Kosong</span>
  ) : null;
  return (
    <div ref={fit.boxRef}>
      {fit.cards ? (
        <RowCards {...props} notice={notice} />
      ) : (
        <table ref={fit.tableRef} className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={clsx('px-3 py-3 first:pl-4 last:pr-4', column.className)}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {notice ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center">
                  {notice}
                </td>
              </tr>
            ) : (
              rows?.map((row) => (
                <tr key={props.rowKey(row)} className="text-slate-700 dark:text-slate-300">
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={clsx('px-3 py-3 align-middle first:pl-4 last:pr-4', column.className)}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}

function RowCards<T>({ columns, rows, rowKey, notice }: DataTableProps<T> & { notice: ReactNode }) {
  if (notice) return <p className="px-4 py-10 text-center text-sm">{notice}</p>;
  const [title, ...rest] = columns;
  const fields = rest.filter((column) => !column.actions);
  const actions = rest.filter((column) => column.actions);
  return (
    <ul className="@container divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="row-cards">
      {rows?.map((row) => (
        <li key={rowKey(row)} className="px-4 py-3 text-slate-700 dark:text-slate-300">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 break-words pt-1.5">{title?.cell(row)}</div>
            {actions.map((column) => (
              <div key={column.header} className="shrink-0">
                {column.cell(row)}
              </div>
            ))}
          </div>
          {/* Beside each other with the label above once a card is wide enough: a tablet's card stays short. */}
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 @xl:grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] @xl:gap-y-3">
            {fields.map((column) => (
              <div key={column.header} className="contents @xl:block">
                <dt className="text-slate-500 @xl:text-xs @xl:font-medium dark:text-slate-400">{column.header}</dt>
                <dd className="min-w-0 break-words">{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
