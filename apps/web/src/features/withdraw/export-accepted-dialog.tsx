/**
 * The dialog behind 'Ekspor CSV' on 'Permintaan Withdraw' (issue 11 item 8; export-accepted-button.tsx): a
 * period, this month unless changed, and the accepted withdrawals decided in it saved as a CSV file.
 */

import { acceptedExportFileName, type TAcceptedExportQuery, ZAcceptedExportQuery } from '@sewablast/contract/audit';
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import { FIRST_DAY, LAST_DAY } from '@sewablast/contract/days';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { EXPORT_TEXT } from '@sewablast/contract/withdraw-text';
import { Dialog } from 'radix-ui';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import type { PopupControl } from '../../components/popup-on-demand.tsx';
import { callText } from '../../lib/api.ts';
import { downloadFile } from '../../lib/export-file.ts';
import { useZodForm } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';

/** The first and last day of this month on the browser's calendar, as `YYYY-MM-DD`. */
export function thisMonth(now = new Date()): TAcceptedExportQuery {
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return {
    from: day(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: day(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

function ExportForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(ZAcceptedExportQuery, { defaultValues: thisMonth(), fallback: EXPORT_TEXT.failed });
  const submit = form.submitWith(async (query) => {
    downloadFile(acceptedExportFileName(query), await callText(withdraw.exportAccepted, { query }), 'text/csv');
    toast.success(EXPORT_TEXT.done);
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <FormAlert message={form.failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField form={form} name="from" label={AUDIT_TEXT.from} type="date" min={FIRST_DAY} max={LAST_DAY} />
        <FormField form={form} name="to" label={AUDIT_TEXT.to} type="date" min={FIRST_DAY} max={LAST_DAY} />
      </div>
      <SubmitButton busy={form.busy} busyLabel="Mengunduh..." className="w-full">
        {EXPORT_TEXT.button}
      </SubmitButton>
    </form>
  );
}

export function ExportAcceptedDialog({ open, onOpenChange, onCloseAutoFocus }: PopupControl) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            {EXPORT_TEXT.title}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {EXPORT_TEXT.hint}
          </Dialog.Description>
          <ExportForm onDone={() => onOpenChange(false)} />
          <Dialog.Close className="mt-3 w-full rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800">
            Batal
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
