/**
 * What the list's buttons do to an account (spec part 1 §4, §5): start and stop a blast, reset, reconnect,
 * activate and the admin's Sending tick. A start from a broken connection opens the 'Forbidden' dialog,
 * whose OK goes to the reconnect screen.
 */
import { TEXT } from '@sewablast/contract/texts';
import { type TWhatsapp, WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { cannotStart } from '../../lib/live.ts';
import { toast } from '../../lib/toast.ts';
import { activateAccount, resetAccount, setSending, startBlasting, stopBlasting } from './api/whatsapp.ts';
import { type LiveRow, toLiveRow } from './live-rows.ts';
import type { UpdateRow } from './use-live-accounts.ts';

/**
 * Why a start failed: the server's refusal followed by the spec's '! Silahkan coba lagi.' (its own closing
 * stop dropped, so that it does not read '.!'), or, when the request never reached the server, one sentence
 * of our own rather than the English network text with the retry line glued on.
 */
export function startFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return WHATSAPP_TEXT.startUnreachable;
  return `${(error as Error).message.replace(/[.!?\s]+$/, '')}! Silahkan coba lagi.`;
}

export function useAccountCommands(update: UpdateRow, reread: () => unknown) {
  const navigate = useNavigate();
  const [forbidden, setForbidden] = useState<LiveRow | null>(null);

  async function start(row: LiveRow) {
    if (cannotStart(row.state)) {
      setForbidden(row);
      return;
    }
    update(row.clientid, (current) => ({ ...current, requesting: true, status: 'sending' }));
    try {
      await startBlasting(row.clientid, `client-${row.user_id}`, true);
    } catch (error) {
      update(row.clientid, (current) => ({ ...current, requesting: false, status: 'idle' }));
      toast.error(startFailure(error));
    }
  }

  async function stop(row: LiveRow) {
    update(row.clientid, (current) => ({ ...current, status: 'idle', requesting: false }));
    try {
      // The answer comes after the last send in flight was recorded: its counts are the final ones.
      const { whatsapp } = await stopBlasting(row.clientid, `client-${row.user_id}`);
      update(row.clientid, () => toLiveRow(whatsapp));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  const act = (work: () => Promise<unknown>, done: string) =>
    work().then(
      () => {
        toast.success(done);
        void reread();
      },
      (error: Error) => toast.error(error.message || TEXT.networkError),
    );

  return {
    start: (row: LiveRow) => void start(row),
    stop: (row: LiveRow) => void stop(row),
    reset: (row: LiveRow) => void act(() => resetAccount(row.id), 'Akun direset.'),
    reconnect: (row: LiveRow) => navigate(`/whatsapp/create?r=${row.id}`),
    activate: (row: LiveRow) => void act(() => activateAccount(row.id), 'Akun diaktifkan.'),
    setSending: (row: LiveRow, on: boolean) => void act(() => setSending(row.id, on), 'Disimpan.'),
    /** The owner's terms saved (terms-dialog.tsx): the row takes them and the figures that follow them. */
    termsSaved: (account: TWhatsapp) =>
      update(account.clientid, (current) => ({
        ...current,
        member_daily_cap: account.member_daily_cap,
        member_window_start: account.member_window_start,
        member_window_end: account.member_window_end,
        daily_cap: account.daily_cap,
        resume_at: account.resume_at,
        wait_reason: account.wait_reason,
      })),
    forbidden,
    /** Closes the 'Forbidden' dialog and goes to reconnect the account it was about. */
    leaveForbidden: () => {
      setForbidden(null);
      if (forbidden) navigate(`/whatsapp/create?r=${forbidden.id}`);
    },
  };
}

export type AccountCommands = ReturnType<typeof useAccountCommands>;
