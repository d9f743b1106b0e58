/**
 * The columns a generator list and a validator list share (spec part 2 §2): account, client id (a monitor
 * link for devs), success, fail, the list's own column (the number range, or the target file), progress,
 * status and the actions Start/Stop, Download, Edit and Delete.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import { clsx } from 'clsx';
import { Download, Play, Square } from 'lucide-react';
import { Link } from 'react-router';
import type { Column } from '../../components/data-table.tsx';
import { IconButton, RowActions } from '../../components/row-actions.tsx';
import { cannotStart } from '../../lib/live.ts';
import { JobProgress, JobStatus, LiveCount } from './job-status.tsx';
import type { JobFields, LiveJob } from './live-jobs.ts';
import { isRunning } from './live-jobs.ts';
import type { JobCommands } from './use-job-commands.ts';

export interface JobRow extends JobFields {
  Whatsapp: { id: number; clientid: string; state: string; pushname: string | null; phonenumber: string | null } | null;
  User: { firstname: string; lastname: string };
}

interface JobColumnsOptions<T extends JobRow> {
  /** Devs see every user's jobs: the account cell names the owner, and the client id links to its monitor. */
  isDev: boolean;
  now: number;
  runningLabel: string;
  /** The list's own column, between the counts and the progress. */
  own: Column<LiveJob<T>>;
  commands: JobCommands<T>;
  editTo: (row: T) => string;
  /** Names the row in the buttons' accessible labels and the delete question. */
  label: (row: T) => string;
  deleting: (id: number) => boolean;
  onDelete: (id: number) => void;
}

export function jobColumns<T extends JobRow>(options: JobColumnsOptions<T>): Column<LiveJob<T>>[] {
  const { isDev, now } = options;
  return [
    {
      header: JOB_TEXT.columnAccount,
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900 dark:text-white">{row.Whatsapp?.phonenumber ?? '-'}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {[row.Whatsapp?.pushname, isDev && `${row.User.firstname} ${row.User.lastname}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {row.Whatsapp && (
            <p
              data-testid={`job-account-state-${row.id}`}
              className={clsx(
                'text-xs',
                cannotStart(row.Whatsapp.state)
                  ? 'text-red-600 dark:text-red-400'
                  : 'text-slate-600 dark:text-slate-400',
              )}
            >
              {row.Whatsapp.state}
            </p>
          )}
        </div>
      ),
    },
    {
      header: JOB_TEXT.columnClientId,
      cell: (row) => {
        const clientid = row.Whatsapp?.clientid;
        if (!clientid) return '-';
        return isDev ? (
          <Link
            to={`/monitor/realtime?id=${clientid}`}
            className="font-mono text-xs text-brand-600 hover:underline sm:whitespace-nowrap dark:text-brand-500"
          >
            {clientid}
          </Link>
        ) : (
          <span className="font-mono text-xs sm:whitespace-nowrap">{clientid}</span>
        );
      },
    },
    {
      header: JOB_TEXT.columnSuccess,
      cell: (row) => <LiveCount value={row.count_success} changedAt={row.successAt} now={now} tone="success" />,
    },
    {
      header: JOB_TEXT.columnFail,
      cell: (row) => <LiveCount value={row.count_fail} changedAt={row.failAt} now={now} tone="fail" />,
    },
    options.own,
    {
      header: JOB_TEXT.columnProgress,
      cell: (row) => <JobProgress row={row} label={`${JOB_TEXT.columnProgress} ${options.label(row)}`} />,
    },
    {
      header: JOB_TEXT.columnStatus,
      cell: (row) => <JobStatus row={row} now={now} runningLabel={options.runningLabel} />,
    },
    {
      header: JOB_TEXT.columnAction,
      className: 'text-right',
      actions: true,
      cell: (row) => <JobActions row={row} options={options} />,
    },
  ];
}

function JobActions<T extends JobRow>({ row, options }: { row: LiveJob<T>; options: JobColumnsOptions<T> }) {
  const { commands } = options;
  const label = options.label(row);
  if (options.deleting(row.id)) {
    return <span className="text-sm text-slate-600 dark:text-slate-300">{JOB_TEXT.deleting}</span>;
  }
  return (
    <div className="flex justify-end gap-1">
      {isRunning(row) ? (
        <IconButton
          tooltip={JOB_TEXT.stop}
          label={`${JOB_TEXT.stop} ${label}`}
          tone="danger"
          disabled={row.requesting}
          onClick={() => commands.stop(row)}
        >
          <Square size={18} className="text-red-600 dark:text-red-400" />
        </IconButton>
      ) : (
        <IconButton
          tooltip={JOB_TEXT.start}
          label={`${JOB_TEXT.start} ${label}`}
          disabled={row.requesting}
          onClick={() => commands.start(row)}
        >
          <Play size={18} className="text-brand-600 dark:text-brand-500" />
        </IconButton>
      )}
      <IconButton
        tooltip={JOB_TEXT.download}
        label={`${JOB_TEXT.download} ${label}`}
        disabled={commands.isDownloading(row)}
        onClick={() => commands.download(row)}
      >
        <Download size={18} />
      </IconButton>
      <RowActions
        label={label}
        editTo={options.editTo(row)}
        confirmTitle={JOB_TEXT.deleteConfirm}
        confirmText={label}
        deleting={false}
        onDelete={() => options.onDelete(row.id)}
      />
    </div>
  );
}
