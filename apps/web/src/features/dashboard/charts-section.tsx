/**
 * Blasts and money paid out per day over the last 30 days (issue 11 item 7), each in its card with its own
 * loading, empty and error state and the figures as a table for screen readers. The drawing comes from a
 * lazily loaded chunk (recharts), fetched in parallel with the figures.
 */
import type { TBlastDaily, TPaidDaily } from '@sewablast/contract/dashboard';
import { DASHBOARD_TEXT as T } from '@sewablast/contract/dashboard-text';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDay, formatNumber, formatRupiah } from '../../lib/format.ts';
import { CHART_DAYS, useBlastDaily, usePaidDaily } from './api/daily.ts';

const BlastChart = lazy(() => import('./daily-charts.tsx').then((module) => ({ default: module.BlastChart })));
const PaidChart = lazy(() => import('./daily-charts.tsx').then((module) => ({ default: module.PaidChart })));

const Waiting = () => (
  <div className="flex h-[260px] items-center justify-center text-brand-600">
    <Spinner size={24} label={T.chartsLoading} />
  </div>
);

function ChartCard<Row extends { day: string }>({
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

type BlastDay = TBlastDaily['list'][number];
type PaidDay = TPaidDaily['list'][number];

export function ChartsSection() {
  const blasts = useBlastDaily();
  const paid = usePaidDaily();
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartCard<BlastDay>
        id="blasts"
        title={T.blastsChart(CHART_DAYS)}
        query={blasts}
        empty={T.noBlasts}
        isEmpty={(row) => row.success === 0 && row.fail === 0}
        columns={[
          { header: T.success, cell: (row) => formatNumber(row.success) },
          { header: T.fail, cell: (row) => formatNumber(row.fail) },
        ]}
        chart={(list) => <BlastChart list={list} />}
      />
      <ChartCard<PaidDay>
        id="paid"
        title={T.paidChart(CHART_DAYS)}
        query={paid}
        empty={T.noPaid}
        isEmpty={(row) => row.total === 0}
        columns={[{ header: T.paid, cell: (row) => formatRupiah(row.total) }]}
        chart={(list) => <PaidChart list={list} />}
      />
    </div>
  );
}
