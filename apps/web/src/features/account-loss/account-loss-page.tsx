/**
 * 'Analisis Blokir' (/account-loss; admins and devs): for the accounts lost in a period, what their 48 hours
 * before the ban looked like beside the accounts that kept sending, so that the safety defaults (Pengaturan ›
 * Keamanan Akun) can be tuned from evidence; then the lost accounts themselves, latest first. Period and page
 * live in the address; docs/operations.md says how to read it.
 */
import type { TLostAccount } from '@sewablast/contract/account-loss';
import { ACCOUNT_LOSS_TEXT, accountEventLabel } from '@sewablast/contract/account-loss-text';
import { ZDay } from '@sewablast/contract/days';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatFigure } from '../../components/window-figures.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useLossCompare, useLostAccounts } from './api/account-loss.ts';
import { LossCompare } from './loss-compare.tsx';

const T = ACCOUNT_LOSS_TEXT;
const { columns: HEADERS } = T;

const COLUMNS: Column<TLostAccount>[] = [
  {
    header: HEADERS.account,
    cell: (row) => (
      <span className="font-medium text-slate-900 tabular-nums dark:text-white">{row.phonenumber ?? '-'}</span>
    ),
  },
  {
    header: HEADERS.member,
    cell: (row) => (
      <Link
        to={`/member/whatsapp?id=${row.user_id}`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
      >
        {row.member}
      </Link>
    ),
  },
  {
    header: HEADERS.lostAt,
    cell: (row) => (
      <span>
        <span className="block whitespace-nowrap">{formatDateTime(row.loss.at)}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">{accountEventLabel(row.loss.kind)}</span>
      </span>
    ),
  },
  {
    header: HEADERS.sends,
    cell: (row) => formatFigure('sends_per_hour', row.figures.sends_per_hour),
    className: 'tabular-nums',
  },
  {
    header: HEADERS.firstContacts,
    cell: (row) => formatFigure('first_contact_share', row.figures.first_contact_share),
    className: 'tabular-nums',
  },
  { header: HEADERS.disconnects, cell: (row) => row.figures.disconnects, className: 'tabular-nums' },
  {
    header: HEADERS.codes,
    cell: (row) => row.figures.codes.map((code) => `${code.code}×${code.count}`).join(', ') || '-',
  },
];

/** A day from the address, or nothing when it is not one: a hand-edited address falls back to the default. */
const dayOf = (value: string) => (ZDay.safeParse(value).success ? value : undefined);

export function Component() {
  const { page, filters, setPage, setFilter } = useListParams('from', 'to');
  const period = { from: dayOf(filters.from), to: dayOf(filters.to) };
  const rangeError = period.from && period.to && period.to < period.from ? T.badRange : undefined;
  const compare = useLossCompare(period, !rangeError);
  const list = useLostAccounts(period, page, !rangeError);
  const shown = compare.data ?? { from: period.from ?? '', to: period.to ?? '' };

  const dateField = (name: 'from' | 'to', min: string | undefined, max: string | undefined, error?: string) => (
    <FieldFrame label={T[name]} htmlFor={`loss-${name}`} error={error} className="w-full sm:w-44">
      <input
        id={`loss-${name}`}
        type="date"
        min={min}
        max={max}
        value={period[name] ?? shown[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `loss-${name}-error` : undefined}
        onChange={(event) => setFilter(name, event.target.value)}
        className={clsx(inputClass(Boolean(error)), 'h-10 py-0')}
      />
    </FieldFrame>
  );

  return (
    <>
      <PageHeader title={T.title}>{T.intro}</PageHeader>
      <Card className="mb-6">
        <div className="flex flex-wrap items-start gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          {dateField('from', undefined, period.to)}
          {dateField('to', period.from, undefined, rangeError)}
        </div>
        <LossCompare
          compare={rangeError ? undefined : compare.data}
          loading={!rangeError && compare.isPending}
          error={rangeError ?? compare.error?.message}
        />
      </Card>
      <Card>
        <DataTable
          columns={COLUMNS}
          rows={rangeError ? undefined : list.data?.data}
          rowKey={(row) => row.account_id}
          loading={!rangeError && list.isPending}
          error={rangeError ?? list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
