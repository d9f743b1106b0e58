/** Generator calls (spec part 2 §7 Generator): the ones shared with validators (jobs/job-calls.ts), and save. */
import {
  GENERATOR_TEXT,
  type TGeneratorCreateRequest,
  type TGeneratorUpdateRequest,
} from '@sewablast/contract/generator';
import * as generator from '@sewablast/contract/generator-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea } from '../../../lib/use-call.ts';
import { jobCommandsOf, useDeleteJob, useJob, useJobs } from '../../jobs/job-calls.ts';
import type { JobPageFilter } from '../../jobs/job-page.ts';

export const useGenerators = (filter: JobPageFilter, enabled: boolean) => useJobs(generator, filter, enabled);
export const useGenerator = (id: number | null) => useJob(generator, id);
export const useDeleteGenerator = () => useDeleteJob(generator);

export function useSaveGenerator(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGeneratorCreateRequest | TGeneratorUpdateRequest) =>
      id === null
        ? call(generator.create, { body: body as TGeneratorCreateRequest })
        : call(generator.update, { params: { id }, body }),
    onSuccess: () => refreshArea(client, generator.area),
  });
}

export const GENERATOR_CALLS = jobCommandsOf(generator, 'generator', GENERATOR_TEXT.downloadName);
