/**
 * The address of a generator or validator list (spec part 2 §2): `page` (default 1), `s` the search and
 * `status` the filter. The list call sends `user_id` as the user's own id, except for a dev, who sees
 * everyone's (spec part 2 §6).
 */
import { JOB_FILTERS, type TJobFilter } from '@sewablast/contract/jobs';
import { effectiveRole } from '@sewablast/contract/roles';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';

/** What one list read asks for (the contract's ZJobPageQuery, as the address gives it). */
export interface JobPageFilter {
  page: number;
  search?: string;
  status?: TJobFilter;
  user_id?: number;
}

/** Whose jobs the list asks for: the user's own, or everyone's (no `user_id`) for a dev. */
export function listedUser(user: { id: number; role: string } | null): number | undefined {
  return user && effectiveRole(user.role) !== 'dev' ? user.id : undefined;
}

const isFilter = (value: string | null): value is TJobFilter => JOB_FILTERS.includes(value as TJobFilter);

export function useJobListParams() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('s') ?? '';
  const raw = params.get('status');
  const status = isFilter(raw) ? raw : undefined;
  const userId = listedUser(user);

  /** Every change but paging starts again from page 1; empty values leave the address. */
  const setQuery = useCallback(
    (next: Record<string, string>) =>
      setParams((current) => {
        const merged = { ...Object.fromEntries(current), ...next };
        return Object.fromEntries(Object.entries(merged).filter(([, value]) => value));
      }),
    [setParams],
  );
  const onSearch = useCallback((value: string) => setQuery({ page: '1', s: value }), [setQuery]);

  const query: JobPageFilter = { page, search: search || undefined, status, user_id: userId };
  return { query, page, search, status, setQuery, onSearch, ready: user !== null };
}

export type JobListParams = ReturnType<typeof useJobListParams>;

/** The list call's query string: the spec's `page`, `user_id` and `search`, and the status filter. */
export function jobPageSearch(query: JobPageFilter): string {
  const search = new URLSearchParams({ page: String(query.page) });
  if (query.user_id !== undefined) search.set('user_id', String(query.user_id));
  if (query.search) search.set('search', query.search);
  if (query.status) search.set('status', query.status);
  return search.toString();
}
