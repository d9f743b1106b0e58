/** An import in progress: a bar of the bytes sent, then a line of the rows the server has read or is storing. */
import { IMPORT_TEXT } from '@sewablast/contract/imports';
import type { ImportProgressState } from '../lib/use-import-progress.ts';

function processing({ rows, phase }: ImportProgressState): string {
  if (rows === null) return IMPORT_TEXT.waitingServer;
  return phase === 'storing' ? IMPORT_TEXT.storing(rows) : IMPORT_TEXT.reading(rows);
}

export function ImportProgress({ progress }: { progress: ImportProgressState }) {
  const { sent, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  const done = total > 0 && sent >= total;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <div className="flex justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
        <span>{done ? IMPORT_TEXT.uploaded(total) : IMPORT_TEXT.uploading(sent, total)}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Unggahan file"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
        {processing(progress)}
      </p>
    </div>
  );
}
