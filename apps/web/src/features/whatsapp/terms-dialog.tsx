/**
 * 'Batas Kirim Akun': the owner's own daily cap and sending hours for one account (issue 23 item 3), opened
 * from its row (account-columns.tsx) and loaded on demand. Empty boxes are the service's; the dialog shows the
 * service's cap and hours and says that the member's can only narrow them.
 */
import { TERMS_CAP_MAX, ZMemberTermsFields } from '@sewablast/contract/member-terms';
import { TERMS_TEXT } from '@sewablast/contract/safety';
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { Dialog } from 'radix-ui';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import type { PopupControl } from '../../components/popup-on-demand.tsx';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { setTerms, useServiceTerms } from './api/whatsapp.ts';
import type { LiveRow } from './live-rows.ts';

export interface TermsDialogProps {
  row: LiveRow;
  onSaved: (account: TWhatsapp) => void;
}

export function TermsDialog({ row, onSaved, open, onOpenChange, onCloseAutoFocus }: TermsDialogProps & PopupControl) {
  const service = useServiceTerms();
  const form = useZodForm(ZMemberTermsFields, {
    defaultValues: {
      member_daily_cap: row.member_daily_cap,
      member_window_start: row.member_window_start ?? '',
      member_window_end: row.member_window_end ?? '',
    },
  });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            {TERMS_TEXT.title}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {row.phonenumber ?? row.clientid} — {TERMS_TEXT.hint}
          </Dialog.Description>
          <form
            noValidate
            className="mt-5 space-y-4"
            onSubmit={form.submitWith(async (values) => {
              const { whatsapp } = await setTerms({ id: row.id, ...values });
              onSaved(whatsapp);
              toast.success(TERMS_TEXT.saved);
              onOpenChange(false);
            })}
          >
            <FormAlert message={form.failure} />
            <FormField
              form={form}
              name="member_daily_cap"
              options={asNumber}
              label={TERMS_TEXT.dailyCap}
              type="number"
              inputMode="numeric"
              min={1}
              max={TERMS_CAP_MAX}
            />
            <div className="grid grid-cols-2 gap-4">
              <FormField form={form} name="member_window_start" label={TERMS_TEXT.windowStart} type="time" />
              <FormField form={form} name="member_window_end" label={TERMS_TEXT.windowEnd} type="time" />
            </div>
            <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {service.data && (
                <p data-testid="service-terms" className="font-semibold text-slate-800 dark:text-slate-100">
                  {TERMS_TEXT.service(service.data.cap, service.data.start, service.data.end)}
                </p>
              )}
              <p>{TERMS_TEXT.narrowOnly}</p>
            </div>
            <div className="flex justify-end gap-3">
              <Dialog.Close className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800">
                {TERMS_TEXT.cancel}
              </Dialog.Close>
              <SubmitButton busy={form.busy} busyLabel={TERMS_TEXT.saving}>
                {TERMS_TEXT.save}
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
