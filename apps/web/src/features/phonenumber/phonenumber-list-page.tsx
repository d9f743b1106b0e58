/** 'Daftar Phone Number' (spec part 2 §2): paged, searched, exported, synced, deleted row by row. */
import { PAGING_TEXT } from '@sewablast/contract/paging';
import { PHONE_TEXT } from '@sewablast/contract/phonenumber';
import { Download, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { RowActions, useRowDelete } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SyncButton } from '../../components/sync-button.tsx';
import { ToolbarButton, ToolbarLink } from '../../components/toolbar-button.tsx';
import { downloadFile, toCsv, toJson } from '../../lib/export-file.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { isFresh, useClock, useLive } from '../../lib/live.ts';
import { toast } from '../../lib/toast.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { fetchAllPhoneNumbers, useDeletePhoneNumber, usePhoneNumbers } from './api/phonenumbers.ts';
import { applyNumberEvent, type LiveNumber, toLiveNumber } from './live-numbers.ts';

const HIGHLIGHT = {
  success: 'rounded bg-green-100 px-1 dark:bg-green-900',
  fail: 'rounded bg-red-100 px-1 dark:bg-red-900',
};

async function exportNumbers(format: 'csv' | 'json') {
  const progress = toast.loading('Menyiapkan export...');
  try {
    const list = await fetchAllPhoneNumbers((count) =>
      toast.loading(`Menyiapkan export... ${formatNumber(count)} nomor`, { id: progress }),
    );
    toast.dismiss(progress);
    if (list.length === 0) {
      toast.error(PHONE_TEXT.nothingToExport);
      return;
    }
    if (format === 'csv') {
      downloadFile(
        'phone_numbers.csv',
        toCsv(['number', 'name', 'status'], list, (row) => [row.number, row.name, row.status]),
        'text/csv',
      );
    } else {
      downloadFile(
        'phone_numbers.json',
        toJson(list.map(({ number, name, status }) => ({ number, name, status }))),
        'application/json',
      );
    }
  } catch (error) {
    toast.error((error as Error).message, { id: progress });
  }
}

export function Component() {
  const { page, search, setPage, setSearch } = useListParams();
  const numbers = usePhoneNumbers(page, search);
  const [liveRows, setLiveRows] = useState<LiveNumber[]>([]);
  const now = useClock();
  useEffect(() => setLiveRows((numbers.data?.data ?? []).map(toLiveNumber)), [numbers.data]);
  useLive(
    { kind: 'admin' },
    {
      onMessage: (message) =>
        setLiveRows((current) => current.map((row) => applyNumberEvent(row, message, Date.now()))),
      onReconnect: () => void numbers.refetch(),
    },
  );
  const rows = useRowDelete(useDeletePhoneNumber());

  const columns: Column<LiveNumber>[] = [
    {
      header: 'Phone Number',
      cell: (row) => (
        <span className="font-medium text-slate-900 dark:text-white">
          {row.number}
          {row.in_use === 1 && (
            <span className="ml-1.5 text-xs font-semibold text-amber-700 dark:text-amber-400">(In Use)</span>
          )}
          {row.status === 'nonactive' && (
            <span className="ml-1.5 text-xs text-red-600 dark:text-red-400">nonactive</span>
          )}
        </span>
      ),
    },
    { header: 'Name', cell: (row) => row.name || '-' },
    {
      header: 'Jumlah Berhasil',
      cell: (row) => (
        <span className={isFresh(row.successAt, now) ? HIGHLIGHT.success : ''}>{formatNumber(row.count_success)}</span>
      ),
    },
    {
      header: 'Jumlah Gagal',
      cell: (row) => (
        <span className={isFresh(row.failAt, now) ? HIGHLIGHT.fail : ''}>{formatNumber(row.count_fail)}</span>
      ),
    },
    { header: 'Terakhir Terkirim', cell: (row) => formatDateTime(row.last_sent) },
    {
      header: 'Action',
      className: 'text-right',
      actions: true,
      cell: (row) => (
        <RowActions
          label={row.number}
          editTo={`/phonenumber/edit?id=${row.id}`}
          confirmTitle="Hapus nomor?"
          confirmText={`Nomor ${row.number} akan dihapus dari daftar blast.`}
          deleting={rows.isDeleting(row.id)}
          onDelete={() => rows.remove(row.id)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Daftar Phone Number"
        actions={
          <>
            <SyncButton onSync={() => numbers.refetch()} />
            <ToolbarButton icon={Download} label="Export CSV" onClick={() => exportNumbers('csv')} />
            <ToolbarButton icon={Download} label="Export JSON" onClick={() => exportNumbers('json')} />
            <ToolbarLink icon={Plus} label="Tambah" to="/phonenumber/create" />
          </>
        }
      >
        {numbers.data && `${PAGING_TEXT.total(formatNumber(numbers.data.meta.total), numbers.data.meta.capped)} nomor`}
      </PageHeader>
      <Card>
        <div className="border-b border-slate-200 p-4 dark:border-slate-800">
          <SearchBox value={search} placeholder="Cari nomor atau nama" onSearch={setSearch} />
        </div>
        <DataTable
          columns={columns}
          rows={liveRows}
          rowKey={(row) => row.id}
          loading={numbers.isPending}
          error={numbers.error?.message}
        />
        <Pager
          page={page}
          totalPages={numbers.data?.meta.totalPages}
          capped={numbers.data?.meta.capped}
          onPage={setPage}
        />
      </Card>
    </>
  );
}
