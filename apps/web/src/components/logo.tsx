import { clsx } from 'clsx';

/** The brand mark, with or without the word beside it. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <img src="/favicon.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
      {!compact && (
        <span className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
          Sewa<span className="text-brand-600">blast</span>
        </span>
      )}
    </span>
  );
}
