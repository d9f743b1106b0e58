/**
 * 'Log Audit' (/audit; issue 11 item 8) for admins and devs: who changed money or power, when, and what,
 * newest first, filtered by action and period; page and filters live in the address.
 */
import { AUDIT_ACTION_LABEL, AUDIT_ACTIONS, type TAuditAction, type TAuditEntry } from '@sewablast/contract/audit';
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import { ZDay } from '@sewablast/contract/days';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useAuditPage } from './api/audit-page.ts';
import { AuditChanges } from './audit-changes.tsx';
import { AuditFilters, isInverted } from './audit-filters.tsx';

const { columns: HEADERS } = AUDIT_TEXT;

const COLUMNS: Column<TAuditEntry>[] = [
  { header: HEADERS.time, cell: (entry) => formatDateTime(entry.createdAt), className: 'whitespace-nowrap' },
  { header: HEADERS.actor, cell: (entry) => entry.actorName ?? AUDIT_TEXT.system },
  { header: HEADERS.action, cell: (entry) => AUDIT_ACTION_LABEL[entry.action] },
  { header: HEADERS.target, cell: (entry) => entry.summary },
  {
    header: HEADERS.changes,
    cell: (entry) => <AuditChanges table={entry.targetTable} changes={entry.changes} />,
  },
];

const isAction = (value: string): value is TAuditAction => AUDIT_ACTIONS.includes(value as TAuditAction);
/** A day from the address, or nothing when it is not one: a hand-edited address falls back to no filter. */
const dayOf = (value: string) => (ZDay.safeParse(value).success ? value : undefined);

export function Component() {
  const { page, filters, setPage, setFilter } = useListParams('action', 'from', 'to');
  const action = isAction(filters.action) ? filters.action : undefined;
  const from = dayOf(filters.from);
  const to = dayOf(filters.to);
  const rangeError = isInverted(from, to) ? AUDIT_TEXT.badRange : undefined;
  const list = useAuditPage({ page, action, from, to }, !rangeError);

  return (
    <>
      <PageHeader title={AUDIT_TEXT.title} />
      <Card>
        <AuditFilters
          action={action ?? ''}
          from={from ?? ''}
          to={to ?? ''}
          rangeError={rangeError}
          onChange={setFilter}
        />
        <DataTable
          columns={COLUMNS}
          rows={rangeError ? undefined : list.data?.data}
          rowKey={(entry) => entry.id}
          loading={!rangeError && list.isPending}
          error={rangeError ?? list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
