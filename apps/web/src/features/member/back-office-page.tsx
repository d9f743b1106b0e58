/**
 * 'Daftar Staf & Admin' (/back-office) for admins and devs: the staff, admins and devs, searched by the
 * start of a name or email, each with their second factor and, where the caller may, 'Reset 2FA' (asked
 * first; audited, and the user's sessions end). Beyond the spec: where a lost phone is dealt with.
 */
import type { TBackOfficeUser } from '@sewablast/contract/two-factor';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { clsx } from 'clsx';
import { ConfirmActionButton } from '../../components/confirm-action-button.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useBackOfficeUsers, useResetTwoFactor } from './api/back-office.ts';

const { staffColumns: HEADERS } = TWO_FACTOR_TEXT;
const nameOf = (user: TBackOfficeUser) => `${user.firstname} ${user.lastname}`.trim();

function ResetButton({ user }: { user: TBackOfficeUser }) {
  const reset = useResetTwoFactor(user.id);
  const name = nameOf(user);
  return (
    <ConfirmActionButton
      title={TWO_FACTOR_TEXT.resetTitle}
      description={TWO_FACTOR_TEXT.resetBody(name)}
      confirmLabel={TWO_FACTOR_TEXT.resetConfirm}
      cancelLabel={TWO_FACTOR_TEXT.cancel}
      run={(answered) => reset.mutate(undefined, answered)}
      pending={reset.isPending}
      button={{
        variant: 'secondary',
        className: 'px-3 py-1.5 text-xs whitespace-nowrap',
        'aria-label': TWO_FACTOR_TEXT.resetLabel(name),
      }}
    >
      {TWO_FACTOR_TEXT.resetShort}
    </ConfirmActionButton>
  );
}

const COLUMNS: Column<TBackOfficeUser>[] = [
  {
    header: HEADERS.name,
    cell: (user) => <span className="font-medium text-slate-900 dark:text-white">{nameOf(user)}</span>,
  },
  { header: HEADERS.email, cell: (user) => <span className="break-words">{user.email}</span> },
  { header: HEADERS.role, cell: (user) => <span className="capitalize">{user.role}</span> },
  {
    header: HEADERS.twoFactor,
    cell: (user) => (
      <span
        data-testid="back-office-two-factor"
        className={clsx(
          'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
          user.two_factor
            ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
            : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
        )}
      >
        {user.two_factor ? TWO_FACTOR_TEXT.on : TWO_FACTOR_TEXT.off}
      </span>
    ),
  },
  {
    header: HEADERS.lastSeen,
    cell: (user) => (user.last_seen_at ? formatDateTime(user.last_seen_at) : TWO_FACTOR_TEXT.staffNever),
  },
  {
    header: HEADERS.action,
    actions: true,
    className: 'text-right',
    cell: (user) => (user.two_factor_resettable ? <ResetButton user={user} /> : null),
  },
];

export function Component() {
  const { page, search, setPage, setSearch } = useListParams();
  const list = useBackOfficeUsers({ page, search });
  return (
    <>
      <PageHeader title={TWO_FACTOR_TEXT.staffTitle} />
      <Card>
        <div className="border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={search} placeholder={TWO_FACTOR_TEXT.staffSearch} onSearch={setSearch} />
        </div>
        <DataTable
          columns={COLUMNS}
          rows={list.data?.data}
          rowKey={(user) => user.id}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
