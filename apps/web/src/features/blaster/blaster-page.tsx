/**
 * /blaster: 'Blaster Whatsapp Message' (spec part 1 §2, §5, §8): one message from one connected account to
 * the chosen numbers or 'All'. The selects appear after about a second, as the spec shows them.
 */
import { BLASTER_TEXT, type TSendMessageRequest, ZSendMessageRequest } from '@sewablast/contract/whatsapp';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert } from '../../components/alert.tsx';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { FormAlert, FormTextArea, SubmitButton } from '../../components/form.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useZodForm } from '../../lib/form.ts';
import { useSendBlaster, useSenderAccounts } from './api/blaster.ts';
import { ReceiversPicker } from './receivers-picker.tsx';

const SELECTS_DELAY_MS = 1000;

function useShownAfter(ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return shown;
}

type Outcome = { title: string; message: string; tone: 'success' | 'error' };

export function Component() {
  const accounts = useSenderAccounts();
  const send = useSendBlaster();
  const shown = useShownAfter(SELECTS_DELAY_MS);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useZodForm(ZSendMessageRequest, { defaultValues: { senders: '', targets: '', message: '' } });
  const senderError = form.formState.errors.senders?.message;

  const ready = shown && !accounts.isPending;
  const senders = (accounts.data?.list ?? []).filter((account) => account.phonenumber);
  const failed = (message: string) => setOutcome({ title: BLASTER_TEXT.failedTitle, message, tone: 'error' });

  async function blast(body: TSendMessageRequest) {
    const account = senders.find((candidate) => candidate.phonenumber === body.senders);
    if (account && account.state !== 'connected') return failed(BLASTER_TEXT.notConnected(body.senders, account.state));
    let answer: Awaited<ReturnType<typeof send.mutateAsync>>;
    try {
      answer = await send.mutateAsync(body);
    } catch (error) {
      // Refused fields are shown under them; any other failure in the dialog.
      if (error instanceof ApiError && Object.keys(error.errors).length) throw error;
      return failed((error as Error).message);
    }
    const refused = answer.results.find((result) => result.status === 'fail');
    if (refused) return failed(`${answer.msg} ${refused.number}: ${refused.error ?? ''}`.trim());
    setOutcome({ title: BLASTER_TEXT.sentTitle, message: BLASTER_TEXT.sentBody, tone: 'success' });
    form.reset({ senders: body.senders, targets: '', message: '' });
  }

  return (
    <>
      <PageHeader title={BLASTER_TEXT.title}>
        Kirim satu pesan dari akun yang tersambung ke nomor pilihan, di luar blast: tidak dihitung sebagai pendapatan.
      </PageHeader>
      <Card className="max-w-3xl p-6">
        {accounts.error ? (
          <Alert tone="error">{accounts.error.message}</Alert>
        ) : (
          <form onSubmit={form.submitWith(blast)} noValidate className="space-y-5">
            <FormAlert message={form.failure} />
            <FieldFrame label={BLASTER_TEXT.sender} htmlFor="blaster-sender" error={senderError}>
              {ready ? (
                <select
                  id="blaster-sender"
                  {...form.register('senders')}
                  aria-invalid={senderError ? true : undefined}
                  aria-describedby={senderError ? 'blaster-sender-error' : undefined}
                  className={inputClass(Boolean(senderError))}
                >
                  <option value="">{senders.length ? '-- Pilih nomor --' : 'Belum ada akun tersambung'}</option>
                  {senders.map((account) => (
                    <option key={account.id} value={account.phonenumber ?? ''}>
                      {account.phonenumber}
                      {account.pushname ? ` — ${account.pushname}` : ''} ({account.state})
                    </option>
                  ))}
                </select>
              ) : (
                <Loading />
              )}
            </FieldFrame>

            <FormTextArea
              form={form}
              name="message"
              label={BLASTER_TEXT.message}
              rows={6}
              placeholder="Halo {name}, ..."
              hint={
                <>
                  {'{name}'} dan {'{phoneNumber}'} diganti dengan nama dan nomor penerima.
                </>
              }
            />

            {ready ? (
              <Controller
                control={form.control}
                name="targets"
                render={({ field, fieldState }) => (
                  <ReceiversPicker
                    value={field.value ? field.value.split(',') : []}
                    onChange={(chosen) => field.onChange(chosen.join(','))}
                    error={fieldState.error?.message}
                    inputRef={field.ref}
                  />
                )}
              />
            ) : (
              <FieldFrame label={BLASTER_TEXT.receivers}>
                <Loading />
              </FieldFrame>
            )}

            <SubmitButton busy={form.busy} busyLabel={BLASTER_TEXT.sending}>
              {BLASTER_TEXT.send}
            </SubmitButton>
          </form>
        )}
      </Card>
      <MessageDialog
        open={outcome !== null}
        title={outcome?.title ?? ''}
        message={outcome?.message ?? ''}
        tone={outcome?.tone}
        onClose={() => setOutcome(null)}
      />
    </>
  );
}

function Loading() {
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3.5 py-2.5 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
      <Spinner size={14} /> {BLASTER_TEXT.loading}
    </p>
  );
}
