/**
 * An hourly series as a row of bars, oldest hour on the left and the window's end (a ban, or now) on the
 * right: small enough for 48 hours at 375 px. Screen readers get its total and peak in one label.
 */
import { ACCOUNT_LOSS_TEXT, LEVEL_SERIES, seriesLabel } from '@sewablast/contract/account-loss-text';

interface HourlyBarsProps {
  seriesKey: string;
  points: (number | null)[];
}

export function HourlyBars({ seriesKey, points }: HourlyBarsProps) {
  const values = points.map((point) => point ?? 0);
  const peak = Math.max(0, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const label = seriesLabel(seriesKey);
  // A level (health, 0–100) is drawn against its full scale and summed by nobody.
  const level = LEVEL_SERIES.has(seriesKey);
  const scale = level ? 100 : peak;
  const last = values.at(-1) ?? 0;
  const lowest = Math.min(...values);
  return (
    <figure className="min-w-0">
      <figcaption className="flex items-baseline justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-800 dark:text-slate-200">{label}</span>
        <span className="tabular-nums">
          {level ? ACCOUNT_LOSS_TEXT.levelCaption(last, lowest) : `${total} · maks ${peak}`}
        </span>
      </figcaption>
      <div
        role="img"
        aria-label={
          level
            ? ACCOUNT_LOSS_TEXT.levelSummary(label, last, lowest)
            : ACCOUNT_LOSS_TEXT.seriesSummary(label, total, peak)
        }
        className="mt-1 flex h-10 items-end gap-px rounded border border-slate-200 bg-slate-50 px-px dark:border-slate-700 dark:bg-slate-800/60"
      >
        {points.map((point, hour) => (
          <span
            // The hour's place is its identity: the series never reorders.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={hour}
            className={point ? 'flex-1 rounded-t-sm bg-brand-600 dark:bg-brand-400' : 'flex-1'}
            style={{ height: point && scale ? `${Math.max(8, (point / scale) * 100)}%` : undefined }}
          />
        ))}
      </div>
      <div className="mt-0.5 flex justify-between text-[11px] text-slate-500 dark:text-slate-400" aria-hidden>
        <span>{ACCOUNT_LOSS_TEXT.hourAxis(points.length)}</span>
        <span>{ACCOUNT_LOSS_TEXT.hourAxisEnd}</span>
      </div>
    </figure>
  );
}
