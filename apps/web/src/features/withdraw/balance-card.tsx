/**
 * The member's money at a glance: the balance, large, and the lines that make it up, earnings added and
 * withdrawals taken off, so that the sum can be checked by eye.
 */
import type { TWithdrawSummary } from '@sewablast/contract/withdraw';
import { WITHDRAW_SUMMARY_TEXT as T } from '@sewablast/contract/withdraw-text';
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatRupiah } from '../../lib/format.ts';

type Line = keyof Omit<TWithdrawSummary, 'balance'>;
const ADDED: Line[] = ['blastIncome', 'referral', 'bonus'];
const TAKEN: Line[] = ['requested', 'accepted'];

export function BalanceCard({ figures, loading }: { figures: TWithdrawSummary | undefined; loading: boolean }) {
  const line = (key: Line, sign: '+' | '−') => (
    <div key={key} className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{T[key]}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums dark:text-slate-100" data-testid={`summary-${key}`}>
        {figures ? `${sign} ${formatRupiah(figures[key])}` : '-'}
      </dd>
    </div>
  );
  return (
    <Card className="p-6">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{T.balance}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900 dark:text-white" data-testid="withdraw-balance">
        {loading ? <Spinner size={22} className="text-brand-600" /> : figures ? formatRupiah(figures.balance) : '-'}
      </p>
      <dl className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
        {ADDED.map((key) => line(key, '+'))}
        {TAKEN.map((key) => line(key, '−'))}
      </dl>
    </Card>
  );
}
