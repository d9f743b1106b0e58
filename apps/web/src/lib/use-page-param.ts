/** The `page` query parameter (default 1), changed without a reload (spec part 2 §2). */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('page', String(next));
        return copy;
      },
      { replace: false },
    );
  return [page, setPage];
}

/**
 * A page past the end (an old bookmark, rows deleted meanwhile) shows the last page: once the server's answer
 * says how many pages there are, the address is corrected in place, so Back does not return to the empty page.
 * `totalPages` is undefined until that answer has come.
 */
export function useLastPageGuard(page: number, totalPages: number | undefined): void {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (totalPages === undefined || page <= totalPages) return;
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('page', String(Math.max(1, totalPages)));
        return copy;
      },
      { replace: true },
    );
  }, [page, totalPages, setParams]);
}
