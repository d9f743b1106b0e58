/**
 * 'Daftar Whatsapp' (/whatsapp; spec part 1 §2, §4 Blast status, §5): the accounts with live counts and
 * status, search, status filter, paging, and start/stop, reset, reconnect and activate per row.
 */
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import { TEXT } from '@sewablast/contract/texts';
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { clsx } from 'clsx';
import { Play, Plus, RotateCcw, Square, Unplug } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/alert.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { inputClass } from '../../components/field.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { SyncButton } from '../../components/sync-button.tsx';
import { formatRupiah } from '../../lib/format.ts';
import { useLive } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import {
  activateAccount,
  resetAccount,
  setSending,
  startBlasting,
  stopBlasting,
  useWhatsappPage,
} from './api/whatsapp.ts';
import { applyLiveEvent, cannotStart, type LiveRow, statusLabel, toLiveRow } from './live-rows.ts';

const FILTERS = [
  ['', 'All'],
  ['connected', 'Connected'],
  ['loggedOut', 'Logged Out'],
  ['conflict', 'Conflict'],
  ['disconnected', 'Disconnected'],
  ['unknown', 'Unknown'],
  ['sending', 'Sending'],
  ['suspended', 'Suspended'],
] as const;

const iconButton = 'rounded-lg p-2 text-slate-500 hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800';

export function Component() {
  const { user } = useSession();
  const role = effectiveRole(user?.role);
  const isManager = role !== null && inGroup(role, 'managers');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const raw = params.get('s') ?? '';
  const isFilter = FILTERS.some(([value]) => value && value === raw);
  const userFilter = isManager && params.get('id') ? Number(params.get('id')) : null;
  const list = useWhatsappPage(page, isFilter ? '' : raw, isFilter ? raw : '', userFilter);
  const [rows, setRows] = useState<Map<string, LiveRow>>(new Map());
  const [now, setNow] = useState(() => Date.now());
  const [forbidden, setForbidden] = useState<TWhatsapp | null>(null);

  useEffect(() => {
    setRows(new Map((list.data?.data ?? []).map((account) => [account.clientid, toLiveRow(account)])));
  }, [list.data]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const update = useCallback((clientid: string, change: (row: LiveRow) => LiveRow) => {
    setRows((current) => {
      const row = current.get(clientid);
      if (!row) return current;
      return new Map(current).set(clientid, change(row));
    });
  }, []);

  useLive(user ? (isManager ? { kind: 'admin' } : { kind: 'member', userId: user.id }) : null, {
    onMessage: (message) => update(message.payload.deviceId, (row) => applyLiveEvent(row, message, Date.now())),
    onReconnect: () => void list.refetch(),
  });

  const setQuery = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)));
  const onSearch = useCallback(
    (value: string) => setParams((current) => ({ ...Object.fromEntries(current), page: '1', s: value })),
    [setParams],
  );

  async function start(row: LiveRow) {
    if (cannotStart(row.state)) {
      setForbidden(row);
      return;
    }
    update(row.clientid, (current) => ({ ...current, requesting: true, status: 'sending' }));
    try {
      await startBlasting(row.clientid, `client-${row.user_id}`, true);
    } catch (error) {
      update(row.clientid, (current) => ({ ...current, requesting: false, status: 'idle' }));
      toast.error(`${(error as Error).message}! Silahkan coba lagi.`);
    }
  }

  async function stop(row: LiveRow) {
    update(row.clientid, (current) => ({ ...current, status: 'idle', requesting: false }));
    try {
      // The answer comes after the last send in flight was recorded: its counts are the final ones.
      const { whatsapp } = await stopBlasting(row.clientid, `client-${row.user_id}`);
      update(row.clientid, () => toLiveRow(whatsapp));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  const act = (work: () => Promise<unknown>, done: string) => () =>
    work().then(
      () => {
        toast.success(done);
        void list.refetch();
      },
      (error: Error) => toast.error(error.message || TEXT.networkError),
    );

  const columns: Column<LiveRow>[] = [
    {
      header: 'Akun',
      cell: (row) => (
        <div>
          <p className="font-medium text-slate-900 dark:text-white">{row.pushname ?? '-'}</p>
          <p className="text-xs text-slate-500">{row.phonenumber}</p>
        </div>
      ),
    },
    {
      header: 'Client ID',
      cell: (row) =>
        role === 'dev' ? (
          <Link
            to={`/monitor/realtime?id=${row.clientid}`}
            className="font-mono text-xs whitespace-nowrap text-brand-600 hover:underline"
          >
            {row.clientid}
          </Link>
        ) : (
          <span className="font-mono text-xs whitespace-nowrap">{row.clientid}</span>
        ),
    },
    {
      header: 'Berhasil',
      cell: (row) => (
        <span
          className={clsx(row.flashAt && now - row.flashAt < 1000 && 'rounded bg-green-100 px-1 dark:bg-green-900')}
        >
          {row.count_success}
        </span>
      ),
    },
    {
      header: 'Gagal',
      cell: (row) => (
        <span className={clsx(row.flashAt && now - row.flashAt < 1000 && 'rounded bg-red-100 px-1 dark:bg-red-900')}>
          {row.count_fail}
        </span>
      ),
    },
    { header: 'Total Pendapatan', cell: (row) => formatRupiah(row.income) },
    {
      header: 'Status',
      cell: (row) => (
        <span
          data-testid={`status-${row.clientid}`}
          className={clsx(
            'text-sm font-medium',
            row.status === 'sending' ? 'text-brand-600' : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {statusLabel(row, now)}
          {row.error && <span className="block text-xs text-red-600">{row.error}</span>}
        </span>
      ),
    },
    role === 'admin'
      ? {
          header: 'Sending',
          cell: (row) => (
            <input
              type="checkbox"
              aria-label={`Sending ${row.clientid}`}
              checked={row.sending_enabled}
              onChange={(event) => void act(() => setSending(row.id, event.target.checked), 'Disimpan.')()}
              className="size-4 accent-brand-600"
            />
          ),
        }
      : {
          header: 'Action',
          className: 'text-right',
          cell: (row) => (
            <div className="flex justify-end gap-1">
              {row.blasting || row.status === 'sending' ? (
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Stop ${row.clientid}`}
                  onClick={() => void stop(row)}
                >
                  <Square size={18} className="text-red-600" />
                </button>
              ) : (
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Start ${row.clientid}`}
                  disabled={row.requesting || row.suspended}
                  onClick={() => void start(row)}
                >
                  <Play size={18} className="text-brand-600" />
                </button>
              )}
              <ConfirmDialog
                title="Reset akun?"
                description={
                  row.blasting
                    ? 'Blast sedang berjalan. Hentikan dulu dengan Stop Blast!, atau Tunggu Aja.'
                    : 'Jumlah berhasil, gagal dan pendapatan akun ini dikembalikan ke 0. Total pendapatan Anda tidak berubah.'
                }
                confirmLabel={row.blasting ? 'Stop Blast!' : 'Reset'}
                onConfirm={row.blasting ? () => void stop(row) : act(() => resetAccount(row.id), 'Akun direset.')}
                trigger={
                  <button type="button" className={iconButton} aria-label={`Reset ${row.clientid}`}>
                    <RotateCcw size={18} />
                  </button>
                }
              />
              <ConfirmDialog
                title="Sambungkan ulang?"
                description={
                  row.blasting
                    ? 'Blast sedang berjalan. Hentikan dulu dengan Stop Blast!, atau Tunggu Aja.'
                    : 'Anda akan memindai QR atau memasukkan kode lagi untuk akun ini.'
                }
                confirmLabel={row.blasting ? 'Stop Blast!' : 'Sambungkan'}
                onConfirm={row.blasting ? () => void stop(row) : () => navigate(`/whatsapp/create?r=${row.id}`)}
                trigger={
                  <button type="button" className={iconButton} aria-label={`Reconnect ${row.clientid}`}>
                    <Unplug size={18} />
                  </button>
                }
              />
              {isManager && row.suspended && row.suspended_count < 3 && (
                <button
                  type="button"
                  className="rounded-lg px-2 text-xs font-semibold text-brand-600 hover:underline"
                  onClick={act(() => activateAccount(row.id), 'Akun diaktifkan.')}
                >
                  Activate
                </button>
              )}
            </div>
          ),
        },
  ];

  return (
    <>
      <PageHeader
        title="Daftar Whatsapp"
        actions={
          role === 'member' && (
            <>
              <SyncButton onSync={() => list.refetch()} />
              <Link
                to="/whatsapp/create"
                className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                <Plus size={18} /> Tambah
              </Link>
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
          <SearchBox value={isFilter ? '' : raw} placeholder="Cari Whatsapp" onSearch={onSearch} />
          <div className="w-full sm:w-48">
            <select
              aria-label="Filter Status"
              value={isFilter ? raw : ''}
              onChange={(event) => setQuery({ page: '1', s: event.target.value, id: params.get('id') ?? '' })}
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
          columns={columns}
          rows={[...rows.values()]}
          rowKey={(row) => row.clientid}
          loading={list.isPending}
          error={list.error?.message}
        />
        <Pager
          page={page}
          totalPages={list.data?.meta.totalPages ?? 1}
          onPage={(next) => setQuery({ page: String(next), s: raw, id: params.get('id') ?? '' })}
        />
      </Card>
      <MessageDialog
        open={forbidden !== null}
        tone="error"
        title="Forbidden"
        message="Sambungan terputus, silahkan sambungkan ulang!"
        onClose={() => {
          const row = forbidden;
          setForbidden(null);
          if (row) navigate(`/whatsapp/create?r=${row.id}`);
        }}
      />
    </>
  );
}
