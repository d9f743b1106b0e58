/**
 * 'Daftar Bonus' (spec part 2 §2 Bonus): a member sees their own bonuses under 'Bonus : {amount}'; admins and
 * devs see everyone's with a Member column, 'Kirim Bonus', and a delete that asks first and shows the server's
 * refusal (409: the member's balance no longer covers it).
 */
import type { TBonus } from '@sewablast/contract/bonus';
import { BONUS_TEXT, bonusTotalText } from '@sewablast/contract/bonus-text';
import { inGroup } from '@sewablast/contract/roles';
import { Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { IconButton, useRowDelete } from '../../components/row-actions.tsx';
import { formatDateTime, formatRupiah } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useBonuses, useBonusTotal, useDeleteBonus } from './api/bonuses.ts';

const memberOf = (bonus: TBonus) => `${bonus.User.firstname} ${bonus.User.lastname}`.trim();

const MEMBER: Column<TBonus> = {
  header: BONUS_TEXT.member,
  cell: (bonus) => <span className="font-medium text-slate-900 dark:text-white">{memberOf(bonus)}</span>,
};
const COMMON: Column<TBonus>[] = [
  {
    header: BONUS_TEXT.nominalLabel,
    cell: (bonus) => <span className="font-medium text-slate-900 dark:text-white">{formatRupiah(bonus.nominal)}</span>,
    className: 'tabular-nums',
  },
  { header: BONUS_TEXT.reasonLabel, cell: (bonus) => <span className="break-words">{bonus.reason}</span> },
  { header: BONUS_TEXT.date, cell: (bonus) => formatDateTime(bonus.createdAt) },
];

function DeleteBonus({ bonus, deleting, onDelete }: { bonus: TBonus; deleting: boolean; onDelete: () => void }) {
  if (deleting) return <span className="text-sm text-slate-600 dark:text-slate-300">Deleting...</span>;
  const amount = formatRupiah(bonus.nominal);
  return (
    <ConfirmButton
      title={BONUS_TEXT.deleteTitle}
      description={BONUS_TEXT.deleteQuestion(amount, memberOf(bonus))}
      confirmLabel={BONUS_TEXT.deleteLabel}
      onConfirm={onDelete}
      trigger={(opens) => (
        <IconButton
          tooltip={BONUS_TEXT.deleteLabel}
          label={`${BONUS_TEXT.deleteLabel} bonus ${amount} ${memberOf(bonus)}`}
          tone="danger"
          {...opens}
        >
          <Trash2 size={18} />
        </IconButton>
      )}
    />
  );
}

export function Component() {
  const { user } = useSession();
  const manager = user ? inGroup(user.role, 'managers') : false;
  const { page, setPage } = useListParams();
  const bonuses = useBonuses(page);
  const total = useBonusTotal(user && !manager ? user.id : null);
  const rows = useRowDelete(useDeleteBonus());

  const columns: Column<TBonus>[] = manager
    ? [
        MEMBER,
        ...COMMON,
        {
          header: BONUS_TEXT.action,
          actions: true,
          className: 'text-right',
          cell: (bonus) => (
            <div className="flex justify-end">
              <DeleteBonus bonus={bonus} deleting={rows.isDeleting(bonus.id)} onDelete={() => rows.remove(bonus.id)} />
            </div>
          ),
        },
      ]
    : COMMON;

  return (
    <>
      <PageHeader
        title={BONUS_TEXT.listTitle}
        actions={
          manager && (
            <Link
              to="/bonus/create"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              <Plus size={18} aria-hidden /> {BONUS_TEXT.createTitle}
            </Link>
          )
        }
      >
        {!manager && total.data && (
          <span className="text-base font-semibold text-slate-900 dark:text-white">
            {bonusTotalText(formatRupiah(total.data.totalBonus))}
          </span>
        )}
      </PageHeader>
      <Card>
        <DataTable
          columns={columns}
          rows={bonuses.data?.data}
          rowKey={(bonus) => bonus.id}
          loading={bonuses.isPending}
          error={bonuses.error?.message}
        />
        <Pager page={page} totalPages={bonuses.data?.meta.totalPages} onPage={setPage} />
      </Card>
    </>
  );
}
