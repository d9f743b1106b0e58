/**
 * 'Tambah Akun Whatsapp' (/whatsapp/create; spec part 1 §2, §4 WhatsApp client setup, §5): link a device
 * by QR code or by pairing code. A QR is valid 60 s and a code 90 s, after which the generate button
 * returns; from the request on, a 15 s generating countdown waits for the QR or code, which ends it when it
 * comes (an error when it does not). Only events of this screen's
 * device count. Once WhatsApp confirms, the account is saved once and the screen goes back.
 */
import type { TLiveMessage } from '@sewablast/contract/live';
import { ROUTE_ROLES } from '@sewablast/contract/routes';
import { linkRefusalOf, type TNewClientRequest, WHATSAPP_TEXT, ZNewClientRequest } from '@sewablast/contract/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormAlert } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { FORM_ERROR, useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { handOverLinked } from '../../lib/linked-handoff.ts';
import { useLive } from '../../lib/live.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import {
  confirmNumber,
  forgetAccounts,
  newClient,
  removeClient,
  saveClient,
  useWhatsappAccount,
} from './api/whatsapp.ts';
import { useCountdown } from './countdown.ts';
import { newDeviceId } from './device-id.ts';
import { type LinkMode, LinkModeTabs } from './link-mode-tabs.tsx';
import { NumberChangePanel } from './number-change-panel.tsx';
import { formatPairingCode } from './pairing-code.ts';
import { ReconnectUnavailable } from './reconnect-unavailable.tsx';

const QR_VALID_S = 60;
const CODE_VALID_S = 90;
const GENERATE_WAIT_S = 15;

/** `confirming`: a reconnect scanned by another phone waits for the member's answer on the number. */
type Phase = 'idle' | 'requesting' | 'generating' | 'showing' | 'confirming' | 'linking';

/** The pairing number; its field exists only in number mode, and an unmounted field is no value (QR). */
const ZLinkForm = ZNewClientRequest.pick({ phoneNumber: true });

export function Component() {
  const { user } = useSession();
  const listAllowed = Boolean(user && ROUTE_ROLES['/whatsapp']?.includes(user.role));
  const goBack = useGoBack(listAllowed ? '/whatsapp' : '/dashboard');
  const [params] = useSearchParams();
  const reconnectId = params.get('r');
  const type = params.get('type');
  const queryClient = useQueryClient();
  const previous = useWhatsappAccount(reconnectId);
  const [deviceId] = useState(newDeviceId);
  const [mode, setMode] = useState<LinkMode>('qr');
  const [phase, setPhase] = useState<Phase>('idle');
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);
  const [scanned, setScanned] = useState('');
  const [deadline, setDeadline] = useState<number | null>(null);
  const form = useZodForm(ZLinkForm, { defaultValues: { phoneNumber: '62' }, shouldUnregister: true });
  const { setError } = form;
  const fail = useCallback((message: string) => setError(FORM_ERROR, { message }), [setError]);
  /**
   * The server could not reach WhatsApp yet (`disconnected`), or WhatsApp refused its WhatsApp Web version
   * (`outdated`), and it keeps trying: said while the QR or code is awaited.
   */
  const [retrying, setRetrying] = useState<'disconnected' | 'outdated' | null>(null);
  const requested = useRef(false);
  const linked = useRef(false);
  const left = useCountdown(deadline);

  useEffect(() => {
    if (deadline !== null && left === 0 && (phase === 'generating' || phase === 'showing')) {
      setPhase('idle');
      setQr(null);
      setCode(null);
      setDeadline(null);
      if (phase === 'generating') fail('QR atau kode belum diterima. Coba lagi.');
    }
  }, [left, deadline, phase, fail]);

  useEffect(
    () => () => {
      if (requested.current && !linked.current && !reconnectId) void removeClient(deviceId).catch(() => undefined);
    },
    [deviceId, reconnectId],
  );

  /** WhatsApp confirmed the link: the account is saved once, and the screen goes back. */
  const finish = useCallback(() => {
    if (linked.current) return;
    linked.current = true;
    setPhase('linking');
    setDeadline(null);
    saveClient(deviceId)
      .then(({ whatsapp }) => {
        toast.success('Akun WhatsApp tersambung.');
        // The lists read again, showing their loading state rather than an answer from before the link
        // (an empty list's 'Kosong'); a job form that sent the user here chooses the new account.
        forgetAccounts(queryClient);
        if (type === 'generator' || type === 'validator') handOverLinked(type, whatsapp.id);
        goBack();
      })
      .catch((failure: Error) => {
        linked.current = false;
        fail(failure.message);
        setPhase('idle');
      });
  }, [deviceId, goBack, fail, queryClient, type]);

  const onMessage = useCallback(
    (message: TLiveMessage) => {
      if (message.payload.deviceId !== deviceId) return;
      if (message.event === 'proxy_unavailable' || message.event === 'proxy_error') {
        fail(WHATSAPP_TEXT.proxyUnavailable);
        setPhase('idle');
        setDeadline(null);
        return;
      }
      const update = message.event === 'connection.update' ? message.payload : undefined;
      const state = update?.state;
      const refusal = update ? linkRefusalOf(update.refusal) : null;
      if (refusal && !linked.current) {
        // WhatsApp ended the link for a reason the member must act on: said instead of waiting for QR codes.
        fail(WHATSAPP_TEXT.linkRefused[refusal]);
        setPhase('idle');
        setQr(null);
        setCode(null);
        setDeadline(null);
        setRetrying(null);
        return;
      }
      if (state === 'numberChanged' && !linked.current) {
        setScanned((current) => update?.phonenumber ?? current);
        setPhase('confirming');
        setDeadline(null);
        return;
      }
      if ((state === 'disconnected' || state === 'outdated') && !linked.current) {
        setRetrying(state);
        return;
      }
      if (message.event === 'qr' && message.payload.qr) {
        setRetrying(null);
        setQr(message.payload.qr);
        setPhase((current) => {
          if (current !== 'showing') setDeadline(Date.now() + QR_VALID_S * 1000);
          return 'showing';
        });
        return;
      }
      if (message.event === 'code' && message.payload.code) {
        setRetrying(null);
        setCode(message.payload.code);
        setPhase('showing');
        setDeadline(Date.now() + CODE_VALID_S * 1000);
        return;
      }
      const connected =
        message.event === 'authenticated' ||
        (message.event === 'connection.update' && message.payload.state === 'connected');
      if (connected) finish();
    },
    [deviceId, fail, finish],
  );
  useLive(user ? { kind: 'member', userId: user.id } : null, { onMessage });

  async function answerNumber(replace: boolean) {
    try {
      await confirmNumber(deviceId, replace);
    } catch (failure) {
      fail((failure as Error).message);
      return;
    }
    if (replace) return finish();
    toast.info(WHATSAPP_TEXT.numberKept(previous.data?.whatsapp.phonenumber ?? ''));
    goBack();
  }

  async function generate({ phoneNumber }: Pick<TNewClientRequest, 'phoneNumber'>) {
    if (!user) return;
    setRetrying(null);
    setQr(null);
    setCode(null);
    setPhase('requesting');
    // The 15 s generating countdown runs from the click: a QR that comes before the server's answer ends it.
    setDeadline(Date.now() + GENERATE_WAIT_S * 1000);
    try {
      requested.current = true;
      await newClient({
        deviceId,
        previousDeviceId: previous.data?.whatsapp.clientid ?? null,
        userId: user.id,
        phoneNumber: phoneNumber || null,
      });
      setPhase((current) => (current === 'requesting' ? 'generating' : current));
    } catch (failure) {
      setPhase('idle');
      setDeadline(null);
      throw failure;
    }
  }

  const busy = phase === 'requesting' || phase === 'generating' || phase === 'linking';
  return (
    <>
      <PageHeader title="Tambah Akun Whatsapp">
        {reconnectId &&
          previous.data &&
          `Sambungkan ulang ${previous.data.whatsapp.phonenumber ?? previous.data.whatsapp.clientid}`}
        {type && ` Untuk ${type === 'validator' ? 'validator' : 'generator'}.`}
      </PageHeader>
      <Card className="max-w-2xl p-6">
        {reconnectId && previous.error ? (
          <ReconnectUnavailable error={previous.error} canOpenList={listAllowed} />
        ) : (
          <form onSubmit={form.submitWith(generate)} noValidate className="space-y-6">
            <Field label="Account ID" name="deviceId" value={deviceId} readOnly />
            <LinkModeTabs
              mode={mode}
              disabled={busy || phase === 'showing' || phase === 'confirming'}
              onMode={setMode}
            />

            {mode === 'number' && (
              <Controller
                control={form.control}
                name="phoneNumber"
                render={({ field, fieldState }) => (
                  <Field
                    label="Nomor WhatsApp"
                    name={field.name}
                    ref={field.ref}
                    inputMode="numeric"
                    placeholder="6282100000000 - 6282199999999"
                    value={field.value ?? ''}
                    disabled={phase !== 'idle'}
                    onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                    onBlur={field.onBlur}
                    // The rule is the hint until it is broken; then it is the error, said once.
                    error={fieldState.error?.message}
                    hint={WHATSAPP_TEXT.pairingNumber}
                  />
                )}
              />
            )}

            <FormAlert message={form.failure} />
            {retrying && phase === 'generating' && (
              <Alert tone={retrying === 'outdated' ? 'error' : 'info'}>
                {retrying === 'outdated' ? WHATSAPP_TEXT.outdated : WHATSAPP_TEXT.retrying}
              </Alert>
            )}

            {phase === 'showing' && qr && mode === 'qr' && (
              <div className="flex flex-col items-center gap-3" data-testid="qr">
                <div className="rounded-xl bg-white p-4">
                  <QRCodeSVG value={qr} size={240} />
                </div>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Buka WhatsApp › Perangkat tertaut › Tautkan perangkat, lalu pindai kode ini. Berlaku {left} detik.
                </p>
              </div>
            )}
            {phase === 'showing' && code && mode === 'number' && (
              <div className="flex flex-col items-center gap-3">
                <p
                  data-testid="pairing-code"
                  className="font-mono text-4xl font-bold tracking-widest text-slate-900 dark:text-white"
                >
                  {formatPairingCode(code)}
                </p>
                <p className="text-center text-sm text-slate-600 dark:text-slate-400">
                  Buka WhatsApp › Perangkat tertaut › Tautkan dengan nomor telepon, lalu masukkan kode ini. Berlaku{' '}
                  {left} detik.
                </p>
              </div>
            )}
            {phase === 'confirming' && (
              <NumberChangePanel
                account={previous.data?.whatsapp.phonenumber ?? ''}
                scanned={scanned}
                onAnswer={answerNumber}
              />
            )}
            {(phase === 'generating' || phase === 'requesting' || phase === 'linking') && (
              <div className="flex items-center justify-center gap-3 py-6 text-brand-600">
                <Spinner size={22} />
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {phase === 'linking' ? 'Menyimpan akun...' : `Generating... ${left} detik`}
                </span>
              </div>
            )}

            {(phase === 'idle' || phase === 'requesting') && (
              <Button
                type="submit"
                loading={form.busy}
                disabled={Boolean(reconnectId) && previous.isPending}
                className="w-full"
              >
                {mode === 'qr' ? 'Generate QR Code' : 'Generate Pairing Code'}
              </Button>
            )}
          </form>
        )}
      </Card>
    </>
  );
}
