/** 'Daftar Level' (spec part 2 §2 Level): name, fee per blast, minimum blasts, edit and delete. */
import type { TLevel } from '@sewablast/contract/level';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { RowActions, useRowDelete } from '../../components/row-actions.tsx';
import { formatNumber, formatRupiah } from '../../lib/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useDeleteLevel, useLevels } from './api/levels.ts';

export function Component() {
  const { page, setPage } = useListParams();
  const levels = useLevels(page);
  const rows = useRowDelete(useDeleteLevel());

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
      actions: true,
      cell: (level) => (
        <RowActions
          label={level.name}
          editTo={`/level/edit?id=${level.id}`}
          confirmTitle="Hapus level?"
          confirmText={`Level "${level.name}" akan dihapus. Member di level ini kembali ke harga dasar.`}
          deleting={rows.isDeleting(level.id)}
          onDelete={() => rows.remove(level.id)}
        />
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
        <Pager page={page} totalPages={levels.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
