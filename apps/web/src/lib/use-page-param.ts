/** The `page` query parameter (default 1), changed without a reload (spec part 2 §2). */
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
