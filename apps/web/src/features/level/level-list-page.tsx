/** 'Daftar Level' (spec part 2 §2 Level): name, fee per blast, minimum blasts, edit and delete. */
import type { TLevel } from '@sewablast/contract/level';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { formatNumber, formatRupiah } from '../../lib/format.ts';
import { usePageParam } from '../../lib/use-page-param.ts';
import { useDeleteLevel, useLevels } from './api/levels.ts';

export function Component() {
  const [page, setPage] = usePageParam();
  const levels = useLevels(page);
  const remove = useDeleteLevel();
  const [deleting, setDeleting] = useState<Set<number>>(new Set());

  const onDelete = (level: TLevel) => {
    setDeleting((current) => new Set(current).add(level.id));
    remove.mutate(level.id, {
      onError: (error) => toast.error(error.message),
      onSettled: () =>
        setDeleting((current) => {
          const next = new Set(current);
          next.delete(level.id);
          return next;
        }),
    });
  };

  const columns: Column<TLevel>[] = [
    {
      header: 'Nama Level',
      cell: (level) => (
        <span className="inline-flex items-center gap-2 font-medium text-slate-900 dark:text-white">
          <span className="size-3 rounded-full" style={{ background: level.color ?? '#94a3b8' }} />
          {level.name}
        </span>
      ),
    },
    { header: 'Harga per Blast', cell: (level) => formatRupiah(level.blast_fee) },
    { header: 'Minimal Blast', cell: (level) => formatNumber(level.requirement_blast) },
    {
      header: 'Action',
      className: 'text-right',
      cell: (level) =>
        deleting.has(level.id) ? (
          <span className="text-sm text-slate-500">Deleting...</span>
        ) : (
          <div className="flex justify-end gap-2">
            <Link
              to={`/level/edit?id=${level.id}`}
              aria-label={`Edit ${level.name}`}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-brand-600 dark:hover:bg-slate-800"
            >
              <Pencil size={18} />
            </Link>
            <ConfirmDialog
              title="Hapus level?"
              description={`Level "${level.name}" akan dihapus. Member di level ini kembali ke harga dasar.`}
              confirmLabel="Hapus"
              onConfirm={() => onDelete(level)}
              trigger={
                <button
                  type="button"
                  aria-label={`Hapus ${level.name}`}
                  className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/50"
                >
                  <Trash2 size={18} />
                </button>
              }
            />
          </div>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Daftar Level"
        actions={
          <Link
            to="/level/create"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Plus size={18} /> Tambah Level
          </Link>
        }
      />
      <Card>
        <DataTable
          columns={columns}
          rows={levels.data?.data}
          rowKey={(level) => level.id}
          loading={levels.isPending}
          error={levels.error?.message}
        />
        <Pager page={page} totalPages={levels.data?.meta.totalPages ?? 1} onPage={setPage} />
      </Card>
    </>
  );
}
