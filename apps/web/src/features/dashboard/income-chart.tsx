/**
 * The member dashboard's income per day over the last 30 days, beside the counters: blast fees and referral
 * shares as the ledger credited them. Its query key sits under the counters', so that the live channel's
 * refresh of the counters redraws it too; the drawing loads lazily with recharts.
 */
import type { TIncomeDaily } from '@sewablast/contract/dashboard';
import { DASHBOARD_TEXT as T } from '@sewablast/contract/dashboard-text';
import { lazy } from 'react';
import { formatRupiah } from '../../lib/format.ts';
import { CHART_DAYS } from './api/daily.ts';
import { useIncomeDaily } from './api/income-daily.ts';
import { ChartCard } from './chart-card.tsx';

const IncomeChartDrawing = lazy(() => import('./daily-charts.tsx').then((module) => ({ default: module.IncomeChart })));

type IncomeDay = TIncomeDaily['list'][number];

export function IncomeChart({ userId }: { userId: number }) {
  const income = useIncomeDaily(userId);
  return (
    <ChartCard<IncomeDay>
      id="income"
      title={T.incomeChart(CHART_DAYS)}
      query={income}
      empty={T.noIncome}
      isEmpty={(row) => row.blast === 0 && row.referral === 0}
      columns={[
        { header: T.blastIncome, cell: (row) => formatRupiah(row.blast) },
        { header: T.referralIncome, cell: (row) => formatRupiah(row.referral) },
      ]}
      chart={(list) => <IncomeChartDrawing list={list} />}
    />
  );
}
