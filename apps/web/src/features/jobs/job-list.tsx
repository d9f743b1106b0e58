/**
 * The layout a generator list and a validator list share (spec part 2 §2): 'Tambah', the 'Cari Whatsapp'
 * search (reloading 1 s after typing stops), the 'Filter Status' select, the table with its spinner, 'Kosong'
 * and error, the pager, and the 'Forbidden' dialog of a start from a broken connection (spec part 2 §5).
 */
import { JOB_FILTERS, JOB_TEXT } from '@sewablast/contract/jobs';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { inputClass } from '../../components/field.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ToolbarLink } from '../../components/toolbar-button.tsx';
import type { JobListParams } from './use-job-list-params.ts';

interface JobListProps<T> {
  title: string;
  addTo: string;
  params: JobListParams;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => number;
  loading: boolean;
  error: string | undefined;
  totalPages: number | undefined;
  forbidden: boolean;
  onForbiddenClose: () => void;
}

export function JobList<T>(props: JobListProps<T>) {
  const { params } = props;
  return (
    <>
      <PageHeader title={props.title} actions={<ToolbarLink icon={Plus} label={JOB_TEXT.add} to={props.addTo} />} />
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
          columns={props.columns}
          rows={props.rows}
          rowKey={props.rowKey}
          loading={props.loading}
          error={props.error}
        />
        <Pager page={params.page} totalPages={props.totalPages} onPage={params.setPage} />
      </Card>
      <MessageDialog
        open={props.forbidden}
        tone="error"
        title={JOB_TEXT.forbiddenTitle}
        message={JOB_TEXT.disconnected}
        onClose={props.onForbiddenClose}
      />
    </>
  );
}
