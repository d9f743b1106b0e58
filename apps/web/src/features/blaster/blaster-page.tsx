/**
 * /blaster: 'Blaster Whatsapp Message' (spec part 1 §2, §5, §8): one message from one connected account to
 * the chosen numbers or 'All'. The selects appear after about a second, as the spec shows them.
 */
import { BLASTER_TEXT, ZSendMessageRequest } from '@sewablast/contract/whatsapp';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { useSendBlaster, useSenderAccounts } from './api/blaster.ts';
import { ReceiversPicker } from './receivers-picker.tsx';

type Fields = 'senders' | 'message' | 'targets';
const SELECTS_DELAY_MS = 1000;

function useShownAfter(ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return shown;
}

export function Component() {
  const ids = { sender: useId(), message: useId() };
  const accounts = useSenderAccounts();
  const send = useSendBlaster();
  const shown = useShownAfter(SELECTS_DELAY_MS);
  const [sender, setSender] = useState('');
  const [message, setMessage] = useState('');
  const [receivers, setReceivers] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [outcome, setOutcome] = useState<{ title: string; message: string; tone: 'success' | 'error' } | null>(null);

  const ready = shown && !accounts.isPending;
  const senders = (accounts.data?.list ?? []).filter((account) => account.phonenumber);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ZSendMessageRequest.safeParse({ senders: sender, targets: receivers.join(','), message });
    if (!checked.success) {
      setErrors(fieldErrorsOf<Fields>(checked.error));
      return;
    }
    setErrors({});
    const account = senders.find((candidate) => candidate.phonenumber === sender);
    if (account && account.state !== 'connected') {
      setOutcome({
        title: BLASTER_TEXT.failedTitle,
        message: BLASTER_TEXT.notConnected(sender, account.state),
        tone: 'error',
      });
      return;
    }
    send.mutate(checked.data, {
      onSuccess: (answer) => {
        const failed = answer.results.find((result) => result.status === 'fail');
        setOutcome(
          failed
            ? {
                title: BLASTER_TEXT.failedTitle,
                message: `${answer.msg} ${failed.number}: ${failed.error ?? ''}`.trim(),
                tone: 'error',
              }
            : { title: BLASTER_TEXT.sentTitle, message: BLASTER_TEXT.sentBody, tone: 'success' },
        );
        if (!failed) {
          setMessage('');
          setReceivers([]);
        }
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length) {
          setErrors(error.errors as Partial<Record<Fields, string>>);
          return;
        }
        setOutcome({ title: BLASTER_TEXT.failedTitle, message: error.message, tone: 'error' });
      },
    });
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
          <form onSubmit={submit} noValidate className="space-y-5">
            <FieldFrame label={BLASTER_TEXT.sender} htmlFor={ids.sender} error={errors.senders}>
              {ready ? (
                <select
                  id={ids.sender}
                  value={sender}
                  onChange={(event) => {
                    setSender(event.target.value);
                    setErrors((current) => ({ ...current, senders: undefined }));
                  }}
                  aria-invalid={errors.senders ? true : undefined}
                  className={inputClass(Boolean(errors.senders))}
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

            <FieldFrame
              label={BLASTER_TEXT.message}
              htmlFor={ids.message}
              error={errors.message}
              hint={
                <>
                  {'{name}'} dan {'{phoneNumber}'} diganti dengan nama dan nomor penerima.
                </>
              }
            >
              <textarea
                id={ids.message}
                rows={6}
                required
                value={message}
                onChange={(event) => {
                  setMessage(event.target.value);
                  setErrors((current) => ({ ...current, message: undefined }));
                }}
                placeholder="Halo {name}, ..."
                aria-invalid={errors.message ? true : undefined}
                className={inputClass(Boolean(errors.message))}
              />
            </FieldFrame>

            {ready ? (
              <ReceiversPicker
                value={receivers}
                onChange={(value) => {
                  setReceivers(value);
                  setErrors((current) => ({ ...current, targets: undefined }));
                }}
                error={errors.targets}
              />
            ) : (
              <FieldFrame label={BLASTER_TEXT.receivers}>
                <Loading />
              </FieldFrame>
            )}

            <Button type="submit" loading={send.isPending}>
              {send.isPending ? BLASTER_TEXT.sending : BLASTER_TEXT.send}
            </Button>
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
