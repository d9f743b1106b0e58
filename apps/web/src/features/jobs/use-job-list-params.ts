/**
 * The address of a generator or validator list (spec part 2 §2): `page` (default 1), `s` the search and
 * `status` the filter, and the read they ask for (job-page.ts).
 */
import { JOB_FILTERS, type TJobFilter } from '@sewablast/contract/jobs';
import { useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { type JobPageFilter, listedUser } from './job-page.ts';

const isFilter = (value: string): value is TJobFilter => JOB_FILTERS.includes(value as TJobFilter);

export function useJobListParams() {
  const { user } = useSession();
  const list = useListParams('status');
  const status = isFilter(list.filters.status) ? list.filters.status : undefined;
  const query: JobPageFilter = { page: list.page, search: list.search || undefined, status, user_id: listedUser(user) };
  return { ...list, status, query, ready: user !== null };
}

export type JobListParams = ReturnType<typeof useJobListParams>;
