/**
 * The jobs of a generator or validator list page as live rows: read from the page's answer, then changed by
 * the live channel (spec part 2 §4) and by the page's own commands until the next read. A dev, who sees every
 * user's jobs, listens on `client-admin`; anyone else on their own channel, which carries their own jobs.
 */
import { effectiveRole } from '@sewablast/contract/roles';
import { useCallback, useEffect, useState } from 'react';
import { type LiveChannel, useLive } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { applyJobEvent, concernsJob, type JobFields, type JobKey, type LiveJob, toLiveJob } from './live-jobs.ts';

export type UpdateJob<T extends JobFields> = (id: number, change: (row: LiveJob<T>) => LiveJob<T>) => void;

export function useLiveJobs<T extends JobFields>(
  jobs: T[] | undefined,
  key: JobKey,
  reread: () => unknown,
): { rows: LiveJob<T>[]; update: UpdateJob<T> } {
  const { user } = useSession();
  const [rows, setRows] = useState<LiveJob<T>[]>([]);
  useEffect(() => setRows((jobs ?? []).map(toLiveJob)), [jobs]);

  const update = useCallback<UpdateJob<T>>((id, change) => {
    setRows((current) => current.map((row) => (row.id === id ? change(row) : row)));
  }, []);

  const channel: LiveChannel | null = user
    ? effectiveRole(user.role) === 'dev'
      ? { kind: 'admin' }
      : { kind: 'member', userId: user.id }
    : null;
  useLive(channel, {
    onMessage: (message) => {
      const now = Date.now();
      setRows((current) =>
        current.some((row) => concernsJob(row, message, key))
          ? current.map((row) => (concernsJob(row, message, key) ? applyJobEvent(row, message, now) : row))
          : current,
      );
    },
    onReconnect: () => void reread(),
  });
  return { rows, update };
}
