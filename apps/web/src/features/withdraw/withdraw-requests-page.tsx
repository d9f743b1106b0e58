/**
 * 'Permintaan Withdraw' (/withdraw/requested; spec part 2 §2 Withdraw, §4) for staff, admins and devs: every
 * member's requests, searched, filtered by status and paged, with the member's bank details a click away
 * and the decisions on each row.
 */
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { type TWithdrawStatus, WITHDRAW_STATUS_LABEL, WITHDRAW_STATUSES } from '@sewablast/contract/withdraw-text';
import { clsx } from 'clsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { inputClass } from '../../components/field.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime, formatRupiah } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useWithdrawPage } from './api/history-page.ts';
import { DecisionButtons } from './decision-buttons.tsx';
import { ExportAcceptedButton } from './export-accepted-button.tsx';
import { MemberBank } from './member-bank.tsx';
import { WithdrawStatus } from './withdraw-status.tsx';

const COLUMNS: Column<TWithdraw>[] = [
  { header: 'Member', cell: (row) => <MemberBank row={row} /> },
  { header: 'Jumlah', cell: (row) => formatRupiah(row.nominal), className: 'tabular-nums' },
  { header: 'Tanggal Permintaan', cell: (row) => formatDateTime(row.createdAt) },
  { header: 'Status', cell: (row) => <WithdrawStatus status={row.status} cancelReason={row.cancelReason} /> },
  { header: 'Aksi', cell: (row) => <DecisionButtons row={row} />, actions: true, className: 'text-right' },
];

const isStatus = (value: string): value is TWithdrawStatus => WITHDRAW_STATUSES.includes(value as TWithdrawStatus);

export function Component() {
  const { user } = useSession();
  const { page, search, filters, setPage, setSearch, setFilter } = useListParams('status');
  const status = isStatus(filters.status) ? filters.status : undefined;
  const list = useWithdrawPage({ page, search, status });

  return (
    <>
      <PageHeader
        title="Permintaan Withdraw"
        actions={inGroup(effectiveRole(user?.role) ?? 'staff', 'managers') && <ExportAcceptedButton />}
      />
      <Card>
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={search} placeholder="Cari Member" onSearch={setSearch} />
          <div className="w-full sm:w-48">
            <select
              aria-label="Filter Status"
              value={status ?? ''}
              onChange={(event) => setFilter('status', event.target.value)}
              className={clsx(inputClass(false), 'h-10 py-0')}
            >
              <option value="">All</option>
              {WITHDRAW_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {WITHDRAW_STATUS_LABEL[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          columns={COLUMNS}
          rows={list.data?.data}
          rowKey={(row) => row.id}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
