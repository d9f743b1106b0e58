/**
 * A member's WhatsApp accounts (/member/whatsapp?id=; spec part 2 §2 Member list's Whatsapps link), read-only:
 * number, name, connection state, blast status, successes and failures (and how many of the successes
 * WhatsApp reported delivered), and what each account earned; 'Riwayat' opens an account's last 48 hours
 * before its ban (account-timeline-dialog.tsx, loaded on demand).
 */
import { ACCOUNT_LOSS_TEXT } from '@sewablast/contract/account-loss-text';
import { MEMBER_TEXT } from '@sewablast/contract/members';
import { type TWhatsapp, WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { ArrowLeft, History } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { type Popup, PopupOnDemand } from '../../components/popup-on-demand.tsx';
import { formatNumber, formatRupiah } from '../../lib/format.ts';
import { onDemand } from '../../lib/on-demand.ts';
import type { AccountTimelineProps } from './account-timeline-dialog.tsx';
import { useMember, useMemberAccounts } from './api/members.ts';

const timelineDialog = onDemand<Popup<AccountTimelineProps>>(
  async () => (await import('./account-timeline-dialog.tsx')).AccountTimelineDialog,
);

function HistoryButton({ account }: { account: TWhatsapp }) {
  return (
    <PopupOnDemand
      popup={timelineDialog}
      props={{ id: account.id, phonenumber: account.phonenumber ?? account.clientid }}
      trigger={(opens) => (
        <button
          type="button"
          {...opens}
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <History size={16} aria-hidden /> {ACCOUNT_LOSS_TEXT.history}
        </button>
      )}
    />
  );
}

const COLUMNS: Column<TWhatsapp>[] = [
  {
    header: 'Phone Number',
    cell: (account) => (
      <span className="font-medium text-slate-900 tabular-nums dark:text-white">{account.phonenumber ?? '-'}</span>
    ),
  },
  { header: 'Nama', cell: (account) => account.pushname ?? '-' },
  { header: 'State', cell: (account) => (account.suspended ? 'suspended' : account.state) },
  { header: 'Status', cell: (account) => account.status },
  {
    header: 'Berhasil / Gagal',
    cell: (account) => (
      <span className="tabular-nums">
        <span className="text-green-700 dark:text-green-400">{formatNumber(account.count_success)}</span>
        {' / '}
        <span className="text-red-700 dark:text-red-400">{formatNumber(account.count_fail)}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {WHATSAPP_TEXT.delivered} {formatNumber(account.count_delivered)}
        </span>
      </span>
    ),
  },
  { header: 'Pendapatan', cell: (account) => formatRupiah(account.income), className: 'tabular-nums' },
  { header: 'Action', cell: (account) => <HistoryButton account={account} />, actions: true },
];

export function Component() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const member = useMember(id);
  const accounts = useMemberAccounts(id);
  const user = member.data?.user;
  const name = user ? `${user.firstname} ${user.lastname}`.trim() : '';
  return (
    <>
      <PageHeader
        title={MEMBER_TEXT.whatsappTitle(name)}
        actions={
          <Link
            to="/member"
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <ArrowLeft size={16} aria-hidden /> {MEMBER_TEXT.back}
          </Link>
        }
      >
        {user?.email}
      </PageHeader>
      {id === null ? (
        <Alert tone="error">{MEMBER_TEXT.noUser}</Alert>
      ) : (
        <Card>
          <DataTable
            columns={COLUMNS}
            rows={accounts.data?.list}
            rowKey={(account) => account.id}
            loading={accounts.isPending}
            error={accounts.error?.message ?? member.error?.message}
          />
        </Card>
      )}
    </>
  );
}
