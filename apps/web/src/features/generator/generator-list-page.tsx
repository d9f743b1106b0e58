/**
 * 'Daftar Generator' (/generator/list; spec part 2 §2, §4, §5): the user's generators (everyone's for a dev)
 * with live counts, progress and status, the number range with the number reached, and per row Start/Stop,
 * Download of the numbers found, Edit and Delete.
 */
import { GENERATOR_TEXT, type TGenerator } from '@sewablast/contract/generator';
import { JobList } from '../jobs/job-list.tsx';
import { useJobListParams } from '../jobs/use-job-list-params.ts';
import { GENERATOR_CALLS, useDeleteGenerator, useGenerators } from './api/generators.ts';

function NumberRange({ row }: { row: TGenerator }) {
  return (
    <div className="font-mono text-xs">
      <p>
        <span className="whitespace-nowrap">{row.start_number} –</span>{' '}
        <span className="whitespace-nowrap">{row.end_number}</span>
      </p>
      {row.current_number && (
        <p className="whitespace-nowrap text-slate-600 dark:text-slate-400">→ {row.current_number}</p>
      )}
    </div>
  );
}

export function Component() {
  const params = useJobListParams();
  const list = useGenerators(params.query, params.ready);
  const deletion = useDeleteGenerator();
  return (
    <JobList
      kind="generator"
      title={GENERATOR_TEXT.title}
      runningLabel={GENERATOR_TEXT.generating}
      label={(row) => `Generator #${row.id}`}
      own={{ header: GENERATOR_TEXT.columnRange, cell: (row) => <NumberRange row={row} /> }}
      params={params}
      list={list}
      calls={GENERATOR_CALLS}
      deletion={deletion}
    />
  );
}
