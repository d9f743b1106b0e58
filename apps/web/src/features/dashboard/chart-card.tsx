/**
 * A daily chart in its card, with its own loading, empty and error state and the figures as a table for
 * screen readers; the drawing itself comes from a lazily loaded chunk (recharts), given as `chart`.
 */
import { DASHBOARD_TEXT as T } from '@sewablast/contract/dashboard-text';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDay } from '../../lib/format.ts';

const Waiting = () => (
  <div className="flex h-[260px] items-center justify-center text-brand-600">
    <Spinner size={24} label={T.chartsLoading} />
  </div>
);

export function ChartCard<Row extends { day: string }>({
  id,
  title,
  query,
  empty,
  isEmpty,
  columns,
  chart,
}: {
  id: string;
  title: string;
  query: UseQueryResult<Row[], Error>;
  empty: string;
  isEmpty: (row: Row) => boolean;
  /** The table's figure columns beside the day. */
  columns: { header: string; cell: (row: Row) => string }[];
  chart: (list: Row[]) => ReactNode;
}) {
  const list = query.data;
  let body: ReactNode;
  if (query.isPending) body = <Waiting />;
  else if (query.error || !list) body = <Alert tone="error">{T.chartFailed}</Alert>;
  else if (list.every(isEmpty))
    body = (
      <p className="flex h-[260px] items-center justify-center px-4 text-center text-sm text-slate-600 dark:text-slate-400">
        {empty}
      </p>
    );
  else
    body = (
      <>
        <Suspense fallback={<Waiting />}>{chart(list)}</Suspense>
        {/* In a div: a table ignores the overflow and width that hide the sr-only box, and would widen the page. */}
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{T.day}</th>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{formatDay(row.day, true)}</th>
                  {columns.map((column) => (
                    <td key={column.header}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <section aria-labelledby={`${id}-title`} data-testid={`chart-${id}`} className="relative">
        <h2 id={`${id}-title`} className="mb-4 text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {body}
      </section>
    </Card>
  );
}
