/**
 * The live cells of a generator or validator row (spec part 2 §2, §4): a count highlighted for 1 s after it
 * changes, the progress in percent, and the status label with the reason a job stopped by itself.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import { clsx } from 'clsx';
import { formatNumber } from '../../lib/format.ts';
import { isFresh } from '../../lib/live.ts';
import { type JobFields, jobStatusLabel, type LiveJob } from './live-jobs.ts';

export function LiveCount({
  value,
  changedAt,
  now,
  tone,
}: {
  value: number;
  changedAt: number | null;
  now: number;
  tone: 'success' | 'fail';
}) {
  const fresh = isFresh(changedAt, now);
  return (
    <span
      className={clsx(
        'tabular-nums',
        fresh && 'rounded px-1',
        fresh && (tone === 'success' ? 'bg-green-100 dark:bg-green-900' : 'bg-red-100 dark:bg-red-900'),
      )}
    >
      {formatNumber(value)}
    </span>
  );
}

const percent = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

export function JobProgress({ row, label }: { row: JobFields; label: string }) {
  const value = Math.max(0, Math.min(100, row.progress));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 w-12 shrink-0 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-brand-600 dark:bg-brand-500" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs tabular-nums">{percent.format(value)}%</span>
    </div>
  );
}

export function JobStatus({ row, now, runningLabel }: { row: LiveJob<JobFields>; now: number; runningLabel: string }) {
  const running = row.status === 'sending';
  return (
    <span
      data-testid={`job-status-${row.id}`}
      className={clsx(
        'text-sm font-medium sm:whitespace-nowrap',
        running ? 'text-brand-600 dark:text-brand-500' : 'text-slate-700 dark:text-slate-300',
      )}
    >
      {jobStatusLabel(row, now, runningLabel)}
      {running && row.state === 'no_checker' && (
        <span className="block text-xs font-normal whitespace-normal text-slate-600 dark:text-slate-400">
          {JOB_TEXT.noCheckerHint}
        </span>
      )}
      {!running && row.state === 'error' && row.last_error && (
        <span className="block text-xs font-normal whitespace-normal text-red-600 dark:text-red-400">
          {row.last_error}
        </span>
      )}
    </span>
  );
}
