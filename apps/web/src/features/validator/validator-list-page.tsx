/**
 * 'Daftar Validator' (/validator/list; spec part 2 §2, §4, §5): the user's validators (everyone's for a dev)
 * with live counts, progress and status, the 'Target File' linking to the uploaded file, and per row
 * Start/Stop, Download of the numbers found, Edit and Delete.
 */

import { effectiveRole } from '@sewablast/contract/roles';
import { type TValidator, VALIDATOR_TEXT } from '@sewablast/contract/validator';
import { useRowDelete } from '../../components/row-actions.tsx';
import { useClock } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { jobColumns } from '../jobs/job-columns.tsx';
import { JobList } from '../jobs/job-list.tsx';
import { useJobCommands } from '../jobs/use-job-commands.ts';
import { useJobListParams } from '../jobs/use-job-list-params.ts';
import { useLiveJobs } from '../jobs/use-live-jobs.ts';
import { useDeleteValidator, useValidators, VALIDATOR_CALLS } from './api/validators.ts';

const label = (row: TValidator) => `Validator #${row.id}`;

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
  const { user } = useSession();
  const params = useJobListParams();
  const list = useValidators(params.query, params.ready);
  const { rows, update } = useLiveJobs(list.data?.data, 'validatorId', list.refetch);
  const commands = useJobCommands(VALIDATOR_CALLS, update, list.refetch);
  const deletes = useRowDelete(useDeleteValidator());
  const now = useClock();

  const columns = jobColumns<TValidator>({
    isDev: effectiveRole(user?.role) === 'dev',
    now,
    runningLabel: VALIDATOR_TEXT.validating,
    own: { header: VALIDATOR_TEXT.columnFile, cell: (row) => <TargetFile row={row} /> },
    commands,
    editTo: (row) => `/validator/create?id=${row.id}`,
    label,
    deleting: deletes.isDeleting,
    onDelete: deletes.remove,
  });

  return (
    <JobList
      title={VALIDATOR_TEXT.title}
      addTo="/validator/create"
      params={params}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={list.isPending}
      error={list.error?.message}
      totalPages={list.data?.meta.totalPages}
      forbidden={commands.forbidden !== null}
      onForbiddenClose={commands.leaveForbidden}
    />
  );
}
