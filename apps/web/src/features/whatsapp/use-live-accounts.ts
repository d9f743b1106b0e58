/**
 * The accounts of the list page as live rows: read from the page's answer, then changed by the live channel
 * (spec part 1 §4 Blast status) and by the page's own commands until the next read.
 */
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { useCallback, useState } from 'react';
import { type LiveChannel, useLive } from '../../lib/live.ts';
import { applyLiveEvent, type LiveRow, toLiveRow } from './live-rows.ts';

const rowsOf = (accounts: TWhatsapp[] | undefined) =>
  new Map((accounts ?? []).map((account) => [account.clientid, toLiveRow(account)]));

export type UpdateRow = (clientid: string, change: (row: LiveRow) => LiveRow) => void;

export function useLiveAccounts(
  accounts: TWhatsapp[] | undefined,
  channel: LiveChannel | null,
  reread: () => unknown,
): { rows: LiveRow[]; update: UpdateRow } {
  // Rows follow a new answer in the same render that brings it: set in an effect, they would lag one frame
  // behind it, and a page that has just loaded would flash 'Kosong' before its accounts.
  const [state, setState] = useState(() => ({ source: accounts, rows: rowsOf(accounts) }));
  let current = state;
  if (state.source !== accounts) {
    current = { source: accounts, rows: rowsOf(accounts) };
    setState(current);
  }

  const update = useCallback<UpdateRow>((clientid, change) => {
    setState((shown) => {
      const row = shown.rows.get(clientid);
      if (!row) return shown;
      return { ...shown, rows: new Map(shown.rows).set(clientid, change(row)) };
    });
  }, []);

  useLive(channel, {
    onMessage: (message) => update(message.payload.deviceId, (row) => applyLiveEvent(row, message, Date.now())),
    onReconnect: () => void reread(),
  });
  return { rows: [...current.rows.values()], update };
}
