/**
 * What a generator's or validator's row buttons do (spec part 2 §4, §5, §7): Start and Stop, and Download
 * of the numbers found. Start from an account whose connection is broken opens the 'Forbidden' dialog, whose
 * OK goes to reconnect that account; a refusal of the server shows its `error`, as the spec's client does.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/export-file.ts';
import { cannotStart } from '../../lib/live.ts';
import { toast } from '../../lib/toast.ts';
import type { JobFields, LiveJob } from './live-jobs.ts';
import type { UpdateJob } from './use-live-jobs.ts';

export interface JobCalls<T extends JobFields> {
  start: (id: number) => Promise<T>;
  stop: (id: number) => Promise<T>;
  /** The numbers found, as the server writes them: CSV with the header `number,name,status`. */
  results: (id: number) => Promise<string>;
  /** The download's file name (spec part 2 §7 Client-side exports). */
  fileName: string;
}

/** The server's `error` (the spec's start/stop read it), else its `msg`. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && typeof error.body.error === 'string' && error.body.error) return error.body.error;
  return (error as Error).message;
}

const brokenConnection = (error: unknown) => error instanceof ApiError && error.body.code === 'disconnected';

export function useJobCommands<T extends JobFields>(calls: JobCalls<T>, update: UpdateJob<T>, reread: () => unknown) {
  const navigate = useNavigate();
  const [forbidden, setForbidden] = useState<LiveJob<T> | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  async function start(row: LiveJob<T>) {
    if (cannotStart(row.Whatsapp?.state)) {
      setForbidden(row);
      return;
    }
    update(row.id, (current) => ({ ...current, requesting: true, status: 'sending' }));
    try {
      const answer = await calls.start(row.id);
      // A live event that came first (running, or a short job already finished) knows better than the answer.
      update(row.id, (current) =>
        current.requesting ? { ...current, requesting: false, status: answer.status } : current,
      );
    } catch (error) {
      update(row.id, (current) => ({ ...current, requesting: false, status: 'idle' }));
      // The account dropped since the list was read: the same dialog as a start refused here.
      if (brokenConnection(error)) setForbidden(row);
      else toast.error(refusal(error));
    }
  }

  async function stop(row: LiveJob<T>) {
    update(row.id, (current) => ({ ...current, requesting: true, status: 'idle' }));
    try {
      // The answer comes once the check in flight is recorded: its counts are the final ones.
      const answer = await calls.stop(row.id);
      update(row.id, (current) => ({
        ...current,
        ...answer,
        requesting: false,
        waiting: null,
        attempting: null,
        progressing: false,
      }));
    } catch (error) {
      toast.error(refusal(error));
      void reread();
    }
  }

  async function download(row: LiveJob<T>) {
    setDownloading(row.id);
    try {
      downloadFile(calls.fileName, await calls.results(row.id), 'text/csv');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setDownloading(null);
    }
  }

  return {
    start: (row: LiveJob<T>) => void start(row),
    stop: (row: LiveJob<T>) => void stop(row),
    download: (row: LiveJob<T>) => void download(row),
    isDownloading: (row: LiveJob<T>) => downloading === row.id,
    forbidden,
    /** Closes the 'Forbidden' dialog and goes to reconnect the account it was about (spec part 2 §5). */
    leaveForbidden: () => {
      setForbidden(null);
      if (forbidden) navigate(forbidden.Whatsapp ? `/whatsapp/create?r=${forbidden.Whatsapp.id}` : '/whatsapp/create');
    },
  };
}

export type JobCommands<T extends JobFields> = ReturnType<typeof useJobCommands<T>>;
