/** Validator calls (spec part 2 §7 Validator): the ones shared with generators (jobs/job-calls.ts), and save. */
import { type TValidatorAnswer, type TValidatorCreateAnswer, VALIDATOR_TEXT } from '@sewablast/contract/validator';
import * as validator from '@sewablast/contract/validator-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { refreshArea } from '../../../lib/use-call.ts';
import { jobCommandsOf, useDeleteJob, useJob, useJobs } from '../../jobs/job-calls.ts';
import type { JobPageFilter } from '../../jobs/job-page.ts';

export const useValidators = (filter: JobPageFilter, enabled: boolean) => useJobs(validator, filter, enabled);
export const useValidator = (id: number | null) => useJob(validator, id);
export const useDeleteValidator = () => useDeleteJob(validator);

/** Create and update are multipart (spec part 2 §7): the file goes with a create only. */
export function useSaveValidator(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData): Promise<TValidatorCreateAnswer | TValidatorAnswer> =>
      id === null ? call(validator.create, { body: form }) : call(validator.update, { params: { id }, body: form }),
    onSuccess: () => refreshArea(client, validator.area),
  });
}

export const VALIDATOR_CALLS = jobCommandsOf(validator, 'validator', VALIDATOR_TEXT.downloadName);
