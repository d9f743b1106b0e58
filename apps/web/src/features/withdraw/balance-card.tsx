/** The member's money at a glance: the balance, large, and what makes it up. */
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatRupiah } from '../../lib/format.ts';
import type { WithdrawFigures } from './api/figures.ts';

const money = (value: number | undefined) => (value === undefined ? '-' : formatRupiah(value));

export function BalanceCard({ figures, loading }: { figures: WithdrawFigures; loading: boolean }) {
  const lines = [
    ['Total Pendapatan', figures.income],
    ['Total Diminta', figures.requested],
    ['Total Diterima', figures.accepted],
  ] as const;
  return (
    <Card className="p-6">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Saldo</p>
      <p className="mt-1 text-3xl font-bold text-slate-900 dark:text-white" data-testid="withdraw-balance">
        {loading ? <Spinner size={22} className="text-brand-600" /> : money(figures.balance)}
      </p>
      <dl className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
        {lines.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{money(value)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
