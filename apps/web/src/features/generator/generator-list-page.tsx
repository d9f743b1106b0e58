/**
 * 'Daftar Generator' (/generator/list; spec part 2 §2, §4, §5): the user's generators (everyone's for a dev)
 * with live counts, progress and status, the number range with the number reached, and per row Start/Stop,
 * Download of the numbers found, Edit and Delete.
 */
import { GENERATOR_TEXT, type TGenerator } from '@sewablast/contract/generator';
import { effectiveRole } from '@sewablast/contract/roles';
import { useRowDelete } from '../../components/row-actions.tsx';
import { useClock } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { jobColumns } from '../jobs/job-columns.tsx';
import { JobList } from '../jobs/job-list.tsx';
import { useJobCommands } from '../jobs/use-job-commands.ts';
import { useJobListParams } from '../jobs/use-job-list-params.ts';
import { useLiveJobs } from '../jobs/use-live-jobs.ts';
import { GENERATOR_CALLS, useDeleteGenerator, useGenerators } from './api/generators.ts';

const label = (row: TGenerator) => `Generator #${row.id}`;

function NumberRange({ row }: { row: TGenerator }) {
  return (
    <div className="font-mono text-xs">
      <p>
        <span className="whitespace-nowrap">{row.start_number} –</span>{' '}
        <span className="whitespace-nowrap">{row.end_number}</span>
      </p>
      {row.current_number && (
        <p className="whitespace-nowrap text-slate-600 dark:text-slate-400">→ {row.current_number}</p>
      )}
    </div>
  );
}

export function Component() {
  const { user } = useSession();
  const params = useJobListParams();
  const list = useGenerators(params.query, params.ready);
  const { rows, update } = useLiveJobs(list.data?.data, 'generatorId', list.refetch);
  const commands = useJobCommands(GENERATOR_CALLS, update, list.refetch);
  const deletes = useRowDelete(useDeleteGenerator());
  const now = useClock();

  const columns = jobColumns<TGenerator>({
    isDev: effectiveRole(user?.role) === 'dev',
    now,
    runningLabel: GENERATOR_TEXT.generating,
    own: { header: GENERATOR_TEXT.columnRange, cell: (row) => <NumberRange row={row} /> },
    commands,
    editTo: (row) => `/generator/create?id=${row.id}`,
    label,
    deleting: deletes.isDeleting,
    onDelete: deletes.remove,
  });

  return (
    <JobList
      title={GENERATOR_TEXT.title}
      addTo="/generator/create"
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
