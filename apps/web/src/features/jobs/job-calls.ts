/**
 * The reads and writes generators and validators share (contract jobs-calls.ts), by the area's calls: its
 * list, one job, delete, and the row buttons' start, stop and download.
 */
import type { jobCallsOf } from '@sewablast/contract/jobs-calls';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callText } from '../../lib/api.ts';
import { refreshArea, useCall } from '../../lib/use-call.ts';
import type { JobPageFilter } from './job-page.ts';
import type { JobFields } from './live-jobs.ts';
import type { JobCalls } from './use-job-commands.ts';

/** A job area's calls module: `generator-calls` or `validator-calls`. */
export type JobArea<Key extends string, Item> = ReturnType<typeof jobCallsOf<Key, Item>> & { area: string };

export function useJobs<Key extends string, Item>(calls: JobArea<Key, Item>, filter: JobPageFilter, enabled: boolean) {
  return useCall(calls.page, { query: filter }, { placeholderData: keepPreviousData, enabled });
}

export function useJob<Key extends string, Item>(calls: JobArea<Key, Item>, id: number | null) {
  return useCall(calls.one, { params: { id: id ?? 0 } }, { enabled: id !== null });
}

export function useDeleteJob<Key extends string, Item>(calls: JobArea<Key, Item>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(calls.remove, { params: { id } }),
    onSuccess: () => refreshArea(client, calls.area),
  });
}

/** What the row buttons call: start, stop and the result's download, saved under `fileName`. */
export function jobCommandsOf<Key extends string, Item extends JobFields>(
  calls: JobArea<Key, Item>,
  key: Key,
  fileName: string,
): JobCalls<Item> {
  return {
    start: async (id) => (await call(calls.start, { body: { id } }))[key],
    stop: async (id) => (await call(calls.stop, { body: { id } }))[key],
    results: (id) => callText(calls.result, { params: { id } }),
    fileName,
  };
}
