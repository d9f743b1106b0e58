/**
 * 'Daftar Whatsapp' (/whatsapp; spec part 1 §2, §4 Blast status, §5): the accounts with live counts and
 * status, search, status filter, paging, and start/stop, reset, reconnect and activate per row.
 */
import { FILTER_ALL } from '@sewablast/contract/paging';
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { Alert } from '../../components/alert.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { inputClass } from '../../components/field.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SyncButton } from '../../components/sync-button.tsx';
import { ToolbarLink } from '../../components/toolbar-button.tsx';
import { useClock } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { accountColumns } from './account-columns.tsx';
import { useBusinessTimeZone, useWhatsappPage } from './api/whatsapp.ts';
import { useAccountCommands } from './use-account-commands.ts';
import { useLiveAccounts } from './use-live-accounts.ts';

const FILTERS = [
  ['', FILTER_ALL],
  ['connected', 'Connected'],
  ['loggedOut', 'Logged Out'],
  ['conflict', 'Conflict'],
  ['disconnected', 'Disconnected'],
  ['unknown', 'Unknown'],
  ['sending', 'Sending'],
  ['suspended', 'Suspended'],
] as const;

export function Component() {
  const { user } = useSession();
  const role = effectiveRole(user?.role) ?? 'member';
  const isManager = inGroup(role, 'managers');
  // `s` holds either the search or a status filter, as the spec's client writes it; `id` a manager's user.
  const { page, search: raw, filters, setPage, setSearch } = useListParams('id');
  const isFilter = FILTERS.some(([value]) => value && value === raw);
  const userFilter = isManager && filters.id ? Number(filters.id) : null;
  const list = useWhatsappPage(page, isFilter ? '' : raw, isFilter ? raw : '', userFilter);
  const now = useClock();
  const timeZone = useBusinessTimeZone();
  const channel = user
    ? isManager
      ? ({ kind: 'admin' } as const)
      : ({ kind: 'member', userId: user.id } as const)
    : null;
  const { rows, update } = useLiveAccounts(list.data?.data, channel, list.refetch);
  const commands = useAccountCommands(update, list.refetch);

  return (
    <>
      <PageHeader
        title="Daftar Whatsapp"
        actions={
          role === 'member' && (
            <>
              <SyncButton onSync={() => list.refetch()} />
              <ToolbarLink icon={Plus} label="Tambah" to="/whatsapp/create" />
            </>
          )
        }
      />
      {role === 'member' && (
        <div className="mb-4">
          <Alert tone="info">Aturan #1 Jangan hapus pesan terkirim. Jika ada kendala, hubungi admin/CS.</Alert>
        </div>
      )}
      <Card>
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={isFilter ? '' : raw} placeholder="Cari Whatsapp" onSearch={setSearch} />
          <div className="w-full sm:w-48">
            <select
              aria-label="Filter Status"
              value={isFilter ? raw : ''}
              onChange={(event) => setSearch(event.target.value)}
              className={clsx(inputClass(false), 'h-10 py-0')}
            >
              {FILTERS.map(([value, label]) => (
                <option key={label} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          columns={accountColumns(role, now, commands, user?.id ?? null, timeZone)}
          rows={rows}
          rowKey={(row) => row.clientid}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages} capped={list.data?.meta.capped} onPage={setPage} />
      </Card>
      <MessageDialog
        open={commands.forbidden !== null}
        tone="error"
        title="Forbidden"
        message="Sambungan terputus, silahkan sambungkan ulang!"
        onClose={commands.leaveForbidden}
      />
    </>
  );
}
