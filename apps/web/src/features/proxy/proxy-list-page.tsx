/** /proxy: value, times used, status colour, edit and delete; export and sync (spec part 2 §2). */
import { PROXY_TEXT, type TProxy } from '@sewablast/contract/proxy';
import { Download, Plus } from 'lucide-react';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { RowActions, useRowDelete } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { SyncButton } from '../../components/sync-button.tsx';
import { ToolbarButton, ToolbarLink } from '../../components/toolbar-button.tsx';
import { downloadFile, toCsv, toJson } from '../../lib/export-file.ts';
import { formatNumber } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { fetchAllProxies, useDeleteProxy, useProxies } from './api/proxies.ts';

async function exportProxies(format: 'csv' | 'json') {
  try {
    const { list } = await fetchAllProxies();
    if (list.length === 0) {
      toast.error(PROXY_TEXT.nothingToExport);
      return;
    }
    if (format === 'csv')
      downloadFile(
        'proxies.csv',
        toCsv(['value', 'status'], list, (row) => [row.value, row.status]),
        'text/csv',
      );
    else downloadFile('proxies.json', toJson(list.map(({ value, status }) => ({ value, status }))), 'application/json');
  } catch (error) {
    toast.error((error as Error).message);
  }
}

export function Component() {
  const { page, search, setPage, setSearch } = useListParams();
  const proxies = useProxies(page, search);
  const rows = useRowDelete(useDeleteProxy());

  const columns: Column<TProxy>[] = [
    {
      header: 'Proxy',
      cell: (row) => <span className="font-mono text-xs text-slate-900 dark:text-white">{row.value}</span>,
    },
    { header: 'Digunakan', cell: (row) => `${formatNumber(row.count_use)}x` },
    { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      header: 'Action',
      className: 'text-right',
      actions: true,
      cell: (row) => (
        <RowActions
          label={row.value}
          editTo={`/proxy/edit?id=${row.id}`}
          confirmTitle="Hapus proxy?"
          confirmText={`Proxy ${row.value} akan dihapus.`}
          deleting={rows.isDeleting(row.id)}
          onDelete={() => rows.remove(row.id)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Daftar Proxy"
        actions={
          <>
            <SyncButton onSync={() => proxies.refetch()} />
            <ToolbarButton icon={Download} label="Export CSV" onClick={() => exportProxies('csv')} />
            <ToolbarButton icon={Download} label="Export JSON" onClick={() => exportProxies('json')} />
            <ToolbarLink icon={Plus} label="Tambah" to="/proxy/create" />
          </>
        }
      />
      <Card>
        <div className="border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={search} placeholder="Cari proxy" onSearch={setSearch} />
        </div>
        <DataTable
          columns={columns}
          rows={proxies.data?.data}
          rowKey={(row) => row.id}
          loading={proxies.isPending}
          error={proxies.error?.message}
        />
        <Pager page={page} totalPages={proxies.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
