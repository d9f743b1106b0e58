/**
 * Batalkan on an accepted (paid) withdrawal, for admins and devs (decision-buttons.tsx): it says the transfer
 * did not happen or was returned, so the dialog warns that a later rejection gives the money back and asks
 * why; the reason goes to the audit log, the member's history and the finance export.
 */
import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  WITHDRAW_DECISION_TEXT,
  WITHDRAW_TEXT,
} from '@sewablast/contract/withdraw-text';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/field.tsx';
import type { PopupControl } from '../../components/popup-on-demand.tsx';
import { toast } from '../../lib/toast.ts';

export interface CancelPayoutDialogProps {
  /** 'Budi Santoso sebesar Rp 50.000': whose payout this is. */
  what: string;
  /** Sends the cancel with its reason; a refusal rejects with the server's message. */
  onConfirm: (reason: string) => Promise<unknown>;
}

export function CancelPayoutDialog({
  what,
  onConfirm,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: CancelPayoutDialogProps & PopupControl) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < CANCEL_REASON_MIN || trimmed.length > CANCEL_REASON_MAX) {
      setError(WITHDRAW_TEXT.cancelReasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(trimmed);
      toast.success(WITHDRAW_DECISION_TEXT.requested);
      setReason('');
      setError(undefined);
      onOpenChange(false);
    } catch (failure) {
      setError((failure as Error).message || WITHDRAW_TEXT.updateWithdrawFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            Batalkan pembayaran?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Withdraw {what} sudah diterima. {WITHDRAW_TEXT.cancelPaidWarning}
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <TextAreaField
              label={WITHDRAW_TEXT.cancelReasonLabel}
              placeholder={WITHDRAW_TEXT.cancelReasonPlaceholder}
              rows={3}
              maxLength={CANCEL_REASON_MAX}
              value={reason}
              error={error}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">Batal</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" loading={busy}>
                Batalkan
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
