/**
 * /monitor/realtime (spec part 2 §2, dev only): the live channel's events for one device, line by line as they
 * come, on `client-admin` (spec part 2 §7). The Client ID links of Daftar Whatsapp and the job lists open it.
 */
import { MONITOR_TEXT } from '@sewablast/contract/monitor-text';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { useLive } from '../../lib/live.ts';
import { MonitorControls } from './monitor-controls.tsx';
import { appendLine, isFor, lineOf, MAX_LINES, type RealtimeLine } from './realtime-lines.ts';
import { useMonitorParams } from './use-monitor-params.ts';

const TONES = {
  connection: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-100',
  authenticated: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
} as const;
const { columns: C } = MONITOR_TEXT;

export function Component() {
  const { id, setId } = useMonitorParams();
  const [lines, setLines] = useState<{ id: string; list: RealtimeLine[] }>({ id, list: [] });
  const counter = useRef(0);
  // Lines of an earlier id are dropped as soon as another is asked for.
  const shown = lines.id === id ? lines.list : [];
  useLive(id ? { kind: 'admin' } : null, {
    onMessage: (message) => {
      if (!isFor(message, id)) return;
      counter.current += 1;
      const line = lineOf(message, counter.current);
      setLines((current) => ({ id, list: appendLine(current.id === id ? current.list : [], line) }));
    },
  });

  return (
    <>
      <PageHeader
        title={MONITOR_TEXT.titles.realtime}
        actions={
          <Button variant="secondary" onClick={() => setLines({ id, list: [] })} disabled={shown.length === 0}>
            {MONITOR_TEXT.clear}
          </Button>
        }
      >
        {MONITOR_TEXT.linesKept(MAX_LINES)}
      </PageHeader>
      <MonitorControls id={id} onId={setId} />
      <Card className="p-4">
        {!id ? (
          <Alert tone="info">{MONITOR_TEXT.idMissing}</Alert>
        ) : shown.length === 0 ? (
          <Alert tone="info">{MONITOR_TEXT.waiting(id)}</Alert>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it.
          <section tabIndex={0} aria-label={MONITOR_TEXT.titles.realtime} className="max-h-[70vh] overflow-auto">
            <ol role="log" className="space-y-1 font-mono text-xs">
              {shown.map((line) => (
                <li
                  key={line.key}
                  data-event={line.event}
                  className={clsx(
                    'break-words rounded px-2 py-1 text-slate-800 dark:text-slate-200',
                    line.tone && TONES[line.tone],
                  )}
                >
                  [{line.date}] <strong>{line.event}</strong> {C.state}: {line.state} · {C.status}: {line.status} ·{' '}
                  {C.times}: {line.times} · {C.seconds}: {line.seconds} · {C.number}: {line.number}
                </li>
              ))}
            </ol>
          </section>
        )}
      </Card>
    </>
  );
}
