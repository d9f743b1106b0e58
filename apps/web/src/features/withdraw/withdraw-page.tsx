/**
 * The member's Withdraw page (/withdraw; spec part 1 §2, part 2 §2 Withdraw): the balance card, the request
 * form and the member's own history, paged; above them, while the email waits for confirmation, the notice.
 */
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatDateTime, formatRupiah } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useWithdrawFigures } from './api/figures.ts';
import { useWithdrawPage } from './api/history-page.ts';
import { BalanceCard } from './balance-card.tsx';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';
import { RequestForm } from './request-form.tsx';
import { WithdrawStatus } from './withdraw-status.tsx';

const COLUMNS: Column<TWithdraw>[] = [
  { header: 'Tanggal Permintaan', cell: (row) => formatDateTime(row.createdAt) },
  { header: 'Jumlah', cell: (row) => formatRupiah(row.nominal), className: 'tabular-nums' },
  { header: 'Status', cell: (row) => <WithdrawStatus status={row.status} cancelReason={row.cancelReason} /> },
  { header: 'Diputuskan', cell: (row) => formatDateTime(row.decidedAt) },
];

function History({ userId }: { userId: number }) {
  const { page, setPage } = useListParams();
  const list = useWithdrawPage({ page, userId });
  return (
    <Card>
      <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
        Riwayat Withdraw
      </h2>
      <DataTable
        columns={COLUMNS}
        rows={list.data?.data}
        rowKey={(row) => row.id}
        loading={list.isPending}
        error={list.error?.message}
      />
      <Pager page={page} totalPages={list.data?.meta.totalPages} onPage={setPage} />
    </Card>
  );
}

function Money({ userId }: { userId: number }) {
  const { figures, loading } = useWithdrawFigures(userId);
  return <BalanceCard figures={figures} loading={loading} />;
}

export function Component() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Withdraw" />
      <EmailConfirmationNotice email={user.email} />
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <Money userId={user.id} />
        <RequestForm />
      </div>
      <History userId={user.id} />
    </>
  );
}
