/**
 * The address of a generator or validator list (spec part 2 §2): `page` (default 1), `s` the search and
 * `status` the filter. The list call sends `user_id` as the user's own id, except for a dev, who sees
 * everyone's (spec part 2 §6).
 */
import { JOB_FILTERS, type TJobFilter } from '@sewablast/contract/jobs';
import { effectiveRole } from '@sewablast/contract/roles';
import { useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/use-list-params.ts';

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

const isFilter = (value: string): value is TJobFilter => JOB_FILTERS.includes(value as TJobFilter);

export function useJobListParams() {
  const { user } = useSession();
  const list = useListParams('status');
  const status = isFilter(list.filters.status) ? list.filters.status : undefined;
  const query: JobPageFilter = { page: list.page, search: list.search || undefined, status, user_id: listedUser(user) };
  return { ...list, status, query, ready: user !== null };
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
