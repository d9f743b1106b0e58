/**
 * A withdrawal's status as a coloured badge: waiting amber, accepted green, rejected red; under it, why its
 * payout was taken back when it was.
 */
import { payoutCancelledText, type TWithdrawStatus, WITHDRAW_STATUS_LABEL } from '@sewablast/contract/withdraw-text';
import { clsx } from 'clsx';

const LOOKS: Record<TWithdrawStatus, string> = {
  requested: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-400',
  accepted: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-400',
  rejected: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-400',
};

export function WithdrawStatus({ status, cancelReason }: { status: TWithdrawStatus; cancelReason?: string | null }) {
  const badge = (
    <span
      data-status={status}
      className={clsx('inline-flex rounded-full px-2.5 py-1 text-xs font-semibold', LOOKS[status])}
    >
      {WITHDRAW_STATUS_LABEL[status]}
    </span>
  );
  if (!cancelReason) return badge;
  return (
    <div className="max-w-xs space-y-1">
      {badge}
      <p className="text-xs break-words text-slate-600 dark:text-slate-400">{payoutCancelledText(cancelReason)}</p>
    </div>
  );
}
