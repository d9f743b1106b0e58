/**
 * A generator list or a validator list (spec part 2 §2, §4, §5): 'Tambah', the 'Cari Whatsapp' search
 * (reloading 1 s after typing stops), the 'Filter Status' select, the table of live rows with its spinner,
 * 'Kosong' and error, the pager, and the 'Forbidden' dialog of a start from a broken connection. Each list
 * brings its calls, its texts and its own column.
 */
import { JOB_FILTERS, JOB_TEXT } from '@sewablast/contract/jobs';
import { effectiveRole } from '@sewablast/contract/roles';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { inputClass } from '../../components/field.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { useRowDelete } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ToolbarLink } from '../../components/toolbar-button.tsx';
import { useClock } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { type JobRow, jobColumns } from './job-columns.tsx';
import type { LiveJob } from './live-jobs.ts';
import { type JobCalls, useJobCommands } from './use-job-commands.ts';
import type { JobListParams } from './use-job-list-params.ts';
import { useLiveJobs } from './use-live-jobs.ts';

interface JobListProps<T extends JobRow> {
  /** Names the list's paths (`/generator/create`) and its jobs in live events (`generatorId`). */
  kind: 'generator' | 'validator';
  title: string;
  /** The status of a running job ('Generating', 'Validating'). */
  runningLabel: string;
  /** Names a row in the buttons' accessible labels and the delete question. */
  label: (row: T) => string;
  /** The list's own column, between the counts and the progress. */
  own: Column<LiveJob<T>>;
  params: JobListParams;
  list: UseQueryResult<{ data: T[]; meta: { totalPages: number } }>;
  calls: JobCalls<T>;
  deletion: UseMutationResult<unknown, Error, number>;
}

export function JobList<T extends JobRow>(props: JobListProps<T>) {
  const { kind, params, list } = props;
  const { user } = useSession();
  const { rows, update } = useLiveJobs(list.data?.data, `${kind}Id`, list.refetch);
  const commands = useJobCommands(props.calls, update, list.refetch);
  const deletes = useRowDelete(props.deletion);
  const now = useClock();
  const columns = jobColumns<T>({
    isDev: effectiveRole(user?.role) === 'dev',
    now,
    runningLabel: props.runningLabel,
    own: props.own,
    commands,
    editTo: (row) => `/${kind}/create?id=${row.id}`,
    label: props.label,
    deleting: deletes.isDeleting,
    onDelete: deletes.remove,
  });
  return (
    <>
      <PageHeader
        title={props.title}
        actions={<ToolbarLink icon={Plus} label={JOB_TEXT.add} to={`/${kind}/create`} />}
      />
      <Card>
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={params.search} placeholder={JOB_TEXT.searchPlaceholder} onSearch={params.setSearch} />
          <div className="w-full sm:w-48">
            <select
              aria-label={JOB_TEXT.filterStatus}
              value={params.status ?? ''}
              onChange={(event) => params.setFilter('status', event.target.value)}
              className={clsx(inputClass(false), 'h-10 py-0')}
            >
              <option value="">{JOB_TEXT.filterAll}</option>
              {JOB_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {JOB_TEXT.filterLabels[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager page={params.page} totalPages={list.data?.meta.totalPages} onPage={params.setPage} />
      </Card>
      <MessageDialog
        open={commands.forbidden !== null}
        tone="error"
        title={JOB_TEXT.forbiddenTitle}
        message={JOB_TEXT.disconnected}
        onClose={commands.leaveForbidden}
      />
    </>
  );
}
