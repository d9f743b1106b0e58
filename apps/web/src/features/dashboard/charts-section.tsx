/**
 * Blasts and money paid out per day over the last 30 days, each in its card (chart-card.tsx). The drawing
 * comes from a lazily loaded chunk (recharts), fetched in parallel with the figures.
 */
import type { TBlastDaily, TPaidDaily } from '@sewablast/contract/dashboard';
import { DASHBOARD_TEXT as T } from '@sewablast/contract/dashboard-text';
import { lazy } from 'react';
import { formatNumber, formatRupiah } from '../../lib/format.ts';
import { CHART_DAYS, useBlastDaily, usePaidDaily } from './api/daily.ts';
import { ChartCard } from './chart-card.tsx';

const BlastChart = lazy(() => import('./daily-charts.tsx').then((module) => ({ default: module.BlastChart })));
const PaidChart = lazy(() => import('./daily-charts.tsx').then((module) => ({ default: module.PaidChart })));

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
