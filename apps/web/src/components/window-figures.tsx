/** A window's figures (a lost account's 48 hours) as labelled values: counts, shares in percent, codes. */
import type { TWindowFigures } from '@sewablast/contract/account-loss';
import { FIGURE_LABEL, type TFigureKey } from '@sewablast/contract/account-loss-text';

const SHARES = new Set<TFigureKey>(['fail_share', 'first_contact_share']);

const decimal = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 0 });

/** A figure as the screens write it; '-' where there is none (a share of no sends). */
export function formatFigure(key: TFigureKey, value: number | null): string {
  if (value === null) return '-';
  return SHARES.has(key) ? percent.format(value) : decimal.format(value);
}

const SHOWN: TFigureKey[] = [
  'sends',
  'sends_per_hour',
  'peak_hour_sends',
  'first_contact_share',
  'fail_share',
  'variants',
  'disconnects',
  'restrictions',
  'proxy_changes',
  'age_days',
];

export function WindowFigures({ figures }: { figures: TWindowFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {SHOWN.map((key) => (
        <div key={key} className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{FIGURE_LABEL[key]}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
            {formatFigure(key, figures[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
