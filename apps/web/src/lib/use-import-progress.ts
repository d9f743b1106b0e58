/**
 * An import's progress as its screen shows it: the bytes the browser has sent, and the rows the server has read
 * from them, heard on the live channel (`import_progress` events carrying this import's id).
 */
import type { TImportPhase } from '@sewablast/contract/imports';
import { useCallback, useRef, useState } from 'react';
import { useLive } from './live.ts';
import { randomId } from './upload.ts';

export interface ImportProgressState {
  sent: number;
  total: number;
  /** Rows the server has read, and what it does with them; null until it first says. */
  rows: number | null;
  phase: TImportPhase | null;
}

export function useImportProgress() {
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const current = useRef<string | null>(null);
  // The back office's channel carries the events; it is open only while an import runs.
  useLive(progress ? { kind: 'admin' } : null, {
    onMessage: ({ event, payload }) => {
      if (event !== 'import_progress' || payload.importId !== current.current) return;
      const rows = payload.rows ?? 0;
      const phase = payload.phase === 'storing' ? 'storing' : 'reading';
      setProgress((now) => now && { ...now, rows: Math.max(rows, now.rows ?? 0), phase });
    },
  });

  /** A new import's id, with its progress starting at nothing sent of `total` bytes. */
  const begin = useCallback((total: number) => {
    const importId = randomId();
    current.current = importId;
    setProgress({ sent: 0, total, rows: null, phase: null });
    return importId;
  }, []);
  const sent = useCallback((bytes: number, total: number) => {
    setProgress((now) => now && { ...now, sent: bytes, total });
  }, []);
  const end = useCallback(() => {
    current.current = null;
    setProgress(null);
  }, []);
  return { progress, begin, sent, end };
}
