/**
 * Monitor data in the display mode of the address's `type` (spec part 2 §2): raw JSON text, a JSON viewer or a
 * JSON tree. Both viewer libraries are chunks of their own, loaded the first time their mode is chosen.
 */
import type { TMonitorMode } from '@sewablast/contract/monitor';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/spinner.tsx';

const JsonViewer = lazy(() => import('./json-viewer.tsx'));
const JsonTreeView = lazy(() => import('./json-tree-view.tsx'));

export function JsonDisplay({ data, mode, label }: { data: object; mode: TMonitorMode; label: string }) {
  return (
    // Focusable so that a keyboard can scroll a long document.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it.
    <section tabIndex={0} aria-label={label} className="max-h-[70vh] overflow-auto rounded-lg text-xs">
      {mode === 'string' ? (
        <pre className="whitespace-pre bg-slate-50 p-3 font-mono text-slate-800 dark:bg-slate-950 dark:text-slate-200">
          {JSON.stringify(data, null, 2)}
        </pre>
      ) : (
        <Suspense fallback={<Spinner size={24} />}>
          {mode === 'JsonViewer' ? <JsonViewer value={data} /> : <JsonTreeView data={data} />}
        </Suspense>
      )}
    </section>
  );
}
