/**
 * 'Daftar Member' (spec part 2 §2 Member list) for admins and devs: members searched by the start of a name
 * or email ('Cari Member', 1 s after typing stops), filtered by status, paged; each with their level badge,
 * income, sign-up date, a link to their WhatsApp accounts, 'Pengaturan' and 'Beri Bonus'.
 */
import { MEMBER_STATUSES, MEMBER_TEXT, type TMember, type TMemberStatus } from '@sewablast/contract/members';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { inputClass } from '../../components/field.tsx';
import { LevelBadge } from '../../components/level-badge.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime, formatRupiah } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useMembers } from './api/members.ts';

const nameOf = (member: TMember) => `${member.firstname} ${member.lastname}`.trim();

const ACTION =
  'inline-flex items-center rounded-lg border px-3 py-1.5 text-xs font-semibold whitespace-nowrap focus-visible:ring-2 focus-visible:ring-brand-600/40 focus-visible:outline-none';

const COLUMNS: Column<TMember>[] = [
  {
    header: 'Name',
    cell: (member) => (
      <span className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
        <span
          role="img"
          aria-label={MEMBER_TEXT.status[member.status]}
          title={MEMBER_TEXT.status[member.status]}
          className={clsx(
            'size-2 shrink-0 rounded-full',
            member.status === 'online' ? 'bg-green-500' : 'bg-slate-300 dark:bg-slate-600',
          )}
        />
        {nameOf(member)}
      </span>
    ),
  },
  { header: 'Email', cell: (member) => <span className="break-words">{member.email}</span> },
  { header: 'Level', cell: (member) => <LevelBadge level={member.level} color={member.color} /> },
  { header: 'Pendapatan', cell: (member) => formatRupiah(member.income), className: 'tabular-nums' },
  { header: 'Tanggal Mendaftar', cell: (member) => formatDateTime(member.createdAt) },
  {
    header: 'Whatsapps',
    cell: (member) => (
      <Link
        to={`/member/whatsapp?id=${member.id}`}
        aria-label={`${member.whatsapps} akun Whatsapp ${nameOf(member)}`}
        className="font-semibold text-brand-600 tabular-nums hover:underline dark:text-brand-500"
      >
        {member.whatsapps}
      </Link>
    ),
  },
  {
    header: 'Action',
    actions: true,
    className: 'text-right',
    cell: (member) => (
      <div className="flex flex-wrap justify-end gap-2">
        <Link
          to={`/member/edit?id=${member.id}`}
          aria-label={`${MEMBER_TEXT.settings} ${nameOf(member)}`}
          className={clsx(
            ACTION,
            'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          {MEMBER_TEXT.settings}
        </Link>
        <Link
          to={`/bonus/create?id=${member.id}`}
          aria-label={`${MEMBER_TEXT.giveBonus} ${nameOf(member)}`}
          className={clsx(ACTION, 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700')}
        >
          {MEMBER_TEXT.giveBonus}
        </Link>
      </div>
    ),
  },
];

const isStatus = (value: string): value is TMemberStatus => MEMBER_STATUSES.includes(value as TMemberStatus);

export function Component() {
  const { page, search, filters, setPage, setSearch, setFilter } = useListParams('status');
  const status = isStatus(filters.status) ? filters.status : undefined;
  const list = useMembers({ page, search, status });

  return (
    <>
      <PageHeader title={MEMBER_TEXT.listTitle} />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={search} placeholder={MEMBER_TEXT.search} onSearch={setSearch} />
          <div className="w-full sm:w-48">
            <select
              aria-label={MEMBER_TEXT.statusFilter}
              title={MEMBER_TEXT.statusHint}
              value={status ?? ''}
              onChange={(event) => setFilter('status', event.target.value)}
              className={clsx(inputClass(false), 'h-10 py-0')}
            >
              <option value="">{MEMBER_TEXT.allStatuses}</option>
              {MEMBER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {MEMBER_TEXT.status[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          columns={COLUMNS}
          rows={list.data?.data}
          rowKey={(member) => member.id}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} capped={list.data?.meta.capped} onPage={setPage} />
      </Card>
    </>
  );
}
