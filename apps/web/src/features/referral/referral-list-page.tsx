/**
 * 'Daftar Referal' (spec part 2 §2 Referral): the people who signed up with the member's code and what their
 * blasts brought the member. Admins and devs may open the page, but only a member has a list (spec part 2 §6).
 */
import { referralTotalText, type TReferral } from '@sewablast/contract/referral';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatRupiah } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { useReferrals } from './api/referrals.ts';

const initials = (referral: TReferral) =>
  `${referral.firstname.charAt(0)}${referral.lastname.charAt(0)}`.toUpperCase() || '?';

const columns: Column<TReferral>[] = [
  {
    header: 'Dari',
    cell: (referral) => (
      <span className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100"
        >
          {initials(referral)}
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-slate-900 dark:text-white">
            {referral.firstname} {referral.lastname}
          </span>
          <span className="block truncate text-slate-600 dark:text-slate-400">{referral.email}</span>
        </span>
      </span>
    ),
  },
  { header: 'Nominal', cell: (referral) => formatRupiah(referral.income) },
];

export function Component() {
  const { user } = useSession();
  const [page, setPage] = usePageParam();
  const member = user?.role === 'member';
  const referrals = useReferrals(page, member && user ? user.id : null);
  return (
    <>
      <PageHeader title="Daftar Referal">
        {member && referrals.data ? referralTotalText(formatRupiah(referrals.data.total)) : null}
      </PageHeader>
      <Card>
        <DataTable
          columns={columns}
          rows={member ? referrals.data?.list : []}
          rowKey={(referral) => referral.id}
          loading={member && referrals.isPending}
          error={referrals.error?.message}
        />
        {member && <Pager page={page} totalPages={referrals.data?.meta.totalPages} onPage={setPage} />}
      </Card>
    </>
  );
}
