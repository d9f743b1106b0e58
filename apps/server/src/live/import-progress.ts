/**
 * A file import's progress on the live channel (`import_progress`): the importer's client names its import
 * (IMPORT_ID_HEADER) and shows the events that carry that id while its upload and the server's work go on.
 */
import type { TImportPhase } from '@sewablast/contract/imports';
import { countLiveEvent } from '../metrics/live-metrics.ts';
import type { EventBus } from './bus.ts';

/** Events an import sends at most: a screen redraws a few times a second, a million rows are not a million events. */
const EVERY_MS = 250;

export type ImportProgress = (rows: number, phase: TImportPhase) => void;

/** Reports rows read to `userId`'s channels and the back office's; a new phase is sent at once, rows at most every EVERY_MS. */
export function importProgress(bus: EventBus, userId: number, importId: string): ImportProgress {
  let last = 0;
  let lastPhase: TImportPhase | undefined;
  return (rows, phase) => {
    const now = Date.now();
    if (phase === lastPhase && now - last < EVERY_MS) return;
    last = now;
    lastPhase = phase;
    countLiveEvent('import_progress');
    const date = new Date(now).toISOString();
    // Progress is a courtesy: a bus that fails to carry it must not fail the import.
    bus
      .publish({
        userId,
        message: { event: 'import_progress', payload: { deviceId: '', date, importId, rows, phase } },
      })
      .catch(() => {});
  };
}
