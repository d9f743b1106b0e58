/**
 * A member's own 'Daftar Referal' (spec part 2 §2 Referral): the people who signed up with their code and
 * what their blasts brought the member, with the total in the title.
 */
import type { TReferral } from '@sewablast/contract/referral';
import { REFERRAL_TEXT, referralTotalText } from '@sewablast/contract/referral-text';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatRupiah } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useReferrals } from './api/referrals.ts';
import { PersonCell } from './person-cell.tsx';

const columns: Column<TReferral>[] = [
  { header: 'Dari', cell: (referral) => <PersonCell person={referral} /> },
  { header: 'Nominal', cell: (referral) => formatRupiah(referral.income) },
];

export function MemberReferrals({ userId }: { userId: number }) {
  const { page, setPage } = useListParams();
  const referrals = useReferrals(page, userId);
  return (
    <>
      <PageHeader title={REFERRAL_TEXT.title}>
        {referrals.data ? referralTotalText(formatRupiah(referrals.data.total)) : null}
      </PageHeader>
      <Card>
        <DataTable
          columns={columns}
          rows={referrals.data?.list}
          rowKey={(referral) => referral.id}
          loading={referrals.isPending}
          error={referrals.error?.message}
        />
        <Pager page={page} totalPages={referrals.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
