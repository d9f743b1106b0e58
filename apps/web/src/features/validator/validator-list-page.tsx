/**
 * 'Daftar Validator' (/validator/list; spec part 2 §2, §4, §5): the user's validators (everyone's for a dev)
 * with live counts, progress and status, the 'Target File' linking to the uploaded file, and per row
 * Start/Stop, Download of the numbers found, Edit and Delete.
 */

import { type TValidator, VALIDATOR_TEXT } from '@sewablast/contract/validator';
import { JobList } from '../jobs/job-list.tsx';
import { useJobListParams } from '../jobs/use-job-list-params.ts';
import { useDeleteValidator, useValidators, VALIDATOR_CALLS } from './api/validators.ts';

function TargetFile({ row }: { row: TValidator }) {
  if (!row.fileUrl) return <span className="text-xs">{row.fileName ?? '-'}</span>;
  return (
    <a
      href={row.fileUrl}
      download={row.fileName ?? undefined}
      className="text-xs break-words text-brand-600 hover:underline dark:text-brand-500"
    >
      {row.fileName ?? row.fileUrl}
    </a>
  );
}

export function Component() {
  const params = useJobListParams();
  const list = useValidators(params.query, params.ready);
  const deletion = useDeleteValidator();
  return (
    <JobList
      kind="validator"
      title={VALIDATOR_TEXT.title}
      runningLabel={VALIDATOR_TEXT.validating}
      label={(row) => `Validator #${row.id}`}
      own={{ header: VALIDATOR_TEXT.columnFile, cell: (row) => <TargetFile row={row} /> }}
      params={params}
      list={list}
      calls={VALIDATOR_CALLS}
      deletion={deletion}
    />
  );
}
