/**
 * The accounts of the list page as live rows: read from the page's answer, then changed by the live channel
 * (spec part 1 §4 Blast status) and by the page's own commands until the next read.
 */
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { useCallback, useEffect, useState } from 'react';
import { type LiveChannel, useLive } from '../../lib/live.ts';
import { applyLiveEvent, type LiveRow, toLiveRow } from './live-rows.ts';

export type UpdateRow = (clientid: string, change: (row: LiveRow) => LiveRow) => void;

export function useLiveAccounts(
  accounts: TWhatsapp[] | undefined,
  channel: LiveChannel | null,
  reread: () => unknown,
): { rows: LiveRow[]; update: UpdateRow } {
  const [rows, setRows] = useState<Map<string, LiveRow>>(new Map());
  useEffect(() => {
    setRows(new Map((accounts ?? []).map((account) => [account.clientid, toLiveRow(account)])));
  }, [accounts]);

  const update = useCallback<UpdateRow>((clientid, change) => {
    setRows((current) => {
      const row = current.get(clientid);
      if (!row) return current;
      return new Map(current).set(clientid, change(row));
    });
  }, []);

  useLive(channel, {
    onMessage: (message) => update(message.payload.deviceId, (row) => applyLiveEvent(row, message, Date.now())),
    onReconnect: () => void reread(),
  });
  return { rows: [...rows.values()], update };
}
