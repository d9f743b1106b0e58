/**
 * What one read of a generator or validator list asks for (jobs-calls.ts `page`). The list call sends
 * `user_id` as the user's own id, except for a dev, who sees everyone's (spec part 2 §6). Apart from the
 * list's hook (use-job-list-params.ts), so that the calls, which the forms import too, leave the address
 * handling out of the forms' chunks.
 */
import type { TJobFilter } from '@sewablast/contract/jobs';
import { effectiveRole } from '@sewablast/contract/roles';

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
