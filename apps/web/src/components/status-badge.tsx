import { clsx } from 'clsx';

/** Status colours (spec part 2 §2 Proxy): active green, 'in use' yellow, anything else red. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2.5 py-1 text-xs font-semibold',
        status === 'active' && 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-400',
        status === 'in use' && 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-400',
        status !== 'active' && status !== 'in use' && 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-400',
      )}
    >
      {status}
    </span>
  );
}
