/**
 * 'Daftar Referal' for admins and devs: every referral of the service, newest sign-up first — who signed up
 * with whose code, when, and the shares it brought the referrer — searched by either name or email (1 s
 * after typing stops) and paged; page and search live in the address.
 */
import type { TReferralLink } from '@sewablast/contract/referral';
import { REFERRAL_TEXT, referralTotalText } from '@sewablast/contract/referral-text';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime, formatRupiah } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useReferralLinks } from './api/referral-links.ts';
import { PersonCell } from './person-cell.tsx';

const columns: Column<TReferralLink>[] = [
  { header: REFERRAL_TEXT.referee, cell: (link) => <PersonCell person={link.referee} /> },
  { header: REFERRAL_TEXT.referrer, cell: (link) => <PersonCell person={link.referrer} /> },
  { header: REFERRAL_TEXT.joined, cell: (link) => formatDateTime(link.createdAt), className: 'whitespace-nowrap' },
  {
    header: REFERRAL_TEXT.share,
    cell: (link) => formatRupiah(link.income),
    className: 'whitespace-nowrap tabular-nums',
  },
];

export function ServiceReferrals() {
  const { page, search, setPage, setSearch } = useListParams();
  const list = useReferralLinks(page, search);

  return (
    <>
      <PageHeader title={REFERRAL_TEXT.title}>
        {list.data ? referralTotalText(formatRupiah(list.data.total)) : null}
      </PageHeader>
      <Card>
        <div className="border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={search} placeholder={REFERRAL_TEXT.search} onSearch={setSearch} />
        </div>
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={(link) => link.referee.id}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
