/**
 * 'Page X of Y' with Previous and Next, shown only when there is more than one page (spec part 2 §9). A page
 * past the end is replaced by the last page. 'Y+' when a search's count stopped at its cap (`meta.capped`):
 * more pages match than can be reached, which narrowing the search finds.
 */
import { useLastPageGuard } from '../lib/use-list-params.ts';

export function Pager({
  page,
  totalPages,
  capped,
  onPage,
}: {
  page: number;
  /** From the server's answer; undefined while it has not come. */
  totalPages: number | undefined;
  capped?: boolean | undefined;
  onPage: (page: number) => void;
}) {
  useLastPageGuard(page, totalPages);
  if (totalPages === undefined || totalPages <= 1 || page > totalPages) return null;
  const button =
    'rounded-lg border border-slate-300 px-3.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <nav
      aria-label="Halaman"
      className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800"
    >
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-400">
        Page {page} of {totalPages}
        {capped && '+'}
      </span>
      <button type="button" className={button} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
