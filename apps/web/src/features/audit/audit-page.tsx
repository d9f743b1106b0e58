/**
 * 'Log Audit' (/audit; issue 11 item 8) for admins and devs: who changed money or power, when, and what,
 * newest first, filtered by action and period; page and filters live in the address.
 */
import {
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  AUDIT_TEXT,
  type TAuditAction,
  type TAuditEntry,
  ZDay,
} from '@sewablast/contract/audit';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useLastPageGuard } from '../../lib/use-page-param.ts';
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

const isAction = (value: string | null): value is TAuditAction => AUDIT_ACTIONS.includes(value as TAuditAction);
/** A day from the address, or nothing when it is not one: a hand-edited address falls back to no filter. */
const dayOf = (value: string | null) => (ZDay.safeParse(value).success ? (value as string) : undefined);

export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawAction = params.get('action');
  const action = isAction(rawAction) ? rawAction : undefined;
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  const rangeError = isInverted(from, to) ? AUDIT_TEXT.badRange : undefined;
  const list = useAuditPage({ page, action, from, to }, !rangeError);
  useLastPageGuard(page, list.data?.meta.totalPages);

  /** Every change but paging starts again from page 1; empty values leave the address. */
  const setQuery = useCallback(
    (next: Record<string, string>) =>
      setParams((current) => {
        const merged = { ...Object.fromEntries(current), ...next };
        return Object.fromEntries(Object.entries(merged).filter(([, value]) => value));
      }),
    [setParams],
  );

  return (
    <>
      <PageHeader title={AUDIT_TEXT.title} />
      <Card>
        <AuditFilters
          action={action ?? ''}
          from={from ?? ''}
          to={to ?? ''}
          rangeError={rangeError}
          onChange={setQuery}
        />
        <DataTable
          columns={COLUMNS}
          rows={rangeError ? undefined : list.data?.data}
          rowKey={(entry) => entry.id}
          loading={!rangeError && list.isPending}
          error={rangeError ?? list.error?.message}
        />
        <Pager
          page={page}
          totalPages={list.data?.meta.totalPages}
          onPage={(next) => setQuery({ page: String(next) })}
        />
      </Card>
    </>
  );
}
