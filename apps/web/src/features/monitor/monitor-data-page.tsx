/**
 * /monitor/local, /monitor/remote and /monitor/socket (spec part 2 §2, dev only): the node's, a device's or
 * an id's live-channel data as JSON, in the display mode of `type`, with a spinner while it loads.
 */
import { MONITOR_TEXT } from '@sewablast/contract/monitor-text';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { type DataMonitor, takesId, useMonitorData } from './api/monitor-data.ts';
import { JsonDisplay } from './json-display.tsx';
import { MonitorControls } from './monitor-controls.tsx';
import { useMonitorParams } from './use-monitor-params.ts';

const KINDS: Record<string, DataMonitor> = {
  '/monitor/local': 'local',
  '/monitor/remote': 'remote',
  '/monitor/socket': 'socket',
};

export function Component() {
  const kind = KINDS[useLocation().pathname.replace(/\/+$/, '')] ?? 'local';
  const { id, mode, setId, setMode } = useMonitorParams();
  const query = useMonitorData(kind, id);
  const title = MONITOR_TEXT.titles[kind];

  let body: ReactNode;
  if (takesId(kind) && !id) body = <Alert tone="info">{MONITOR_TEXT.idMissing}</Alert>;
  else if (query.isPending)
    body = (
      <div className="py-10 text-center text-brand-600">
        <Spinner size={24} />
      </div>
    );
  else if (query.error) body = <Alert tone="error">{query.error.message}</Alert>;
  else body = <JsonDisplay data={query.data.data} mode={mode} label={title} />;

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            disabled={takesId(kind) && !id}
          >
            {!query.isFetching && <RotateCw size={16} aria-hidden />}
            {MONITOR_TEXT.refresh}
          </Button>
        }
      />
      <MonitorControls id={takesId(kind) ? id : undefined} onId={setId} mode={mode} onMode={setMode} />
      <Card className="p-4">{body}</Card>
    </>
  );
}
