/**
 * The period's lost accounts beside the kept ones, figure by figure (averages and medians), with how many
 * accounts each side read and whether that was a sample.
 */
import { COMPARED_FIGURES, type TAccountLossCompare, type TComparedFigure } from '@sewablast/contract/account-loss';
import { ACCOUNT_LOSS_TEXT, FIGURE_LABEL } from '@sewablast/contract/account-loss-text';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { formatFigure } from '../../components/window-figures.tsx';

interface Row {
  key: TComparedFigure;
  lost: { average: number | null; median: number | null } | undefined;
  kept: { average: number | null; median: number | null } | undefined;
}

const T = ACCOUNT_LOSS_TEXT;
const value = (row: Row, side: 'lost' | 'kept', stat: 'average' | 'median') =>
  formatFigure(row.key, row[side]?.[stat] ?? null);

const COLUMNS: Column<Row>[] = [
  { header: T.compare, cell: (row) => <span className="font-medium">{FIGURE_LABEL[row.key]}</span> },
  { header: `${T.lostGroup} · ${T.average}`, cell: (row) => value(row, 'lost', 'average'), className: 'tabular-nums' },
  { header: `${T.lostGroup} · ${T.median}`, cell: (row) => value(row, 'lost', 'median'), className: 'tabular-nums' },
  { header: `${T.keptGroup} · ${T.average}`, cell: (row) => value(row, 'kept', 'average'), className: 'tabular-nums' },
  { header: `${T.keptGroup} · ${T.median}`, cell: (row) => value(row, 'kept', 'median'), className: 'tabular-nums' },
];

interface LossCompareProps {
  compare: TAccountLossCompare | undefined;
  loading: boolean;
  error: string | undefined;
}

export function LossCompare({ compare, loading, error }: LossCompareProps) {
  if (compare && !compare.lost.accounts)
    return <p className="px-4 py-10 text-center text-sm text-slate-600 dark:text-slate-400">{T.noneLost}</p>;
  const rows = compare
    ? COMPARED_FIGURES.map((key) => ({
        key,
        lost: compare.lost.figures.find((figure) => figure.key === key),
        kept: compare.kept.figures.find((figure) => figure.key === key),
      }))
    : undefined;
  return (
    <>
      {compare && (
        <p className="px-4 pt-4 text-sm text-slate-600 dark:text-slate-400">
          {T.accounts}: {T.lostGroup} {compare.lost.accounts} · {T.keptGroup} {compare.kept.accounts}
          {compare.kept.sampled && <span className="block">{T.sampled(compare.kept.accounts)}</span>}
        </p>
      )}
      <DataTable columns={COLUMNS} rows={rows} rowKey={(row) => row.key} loading={loading} error={error} />
    </>
  );
}
