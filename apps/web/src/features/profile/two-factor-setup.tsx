/**
 * Setting up the second factor, in three screens: the current password; the QR code (and the key for a
 * manual entry) with the first code; then the recovery codes, shown this once with copy and download.
 * Used by the profile's card and by the page a back-office user is kept on until it is done.
 */
import {
  type TTwoFactorSetupResponse,
  ZTwoFactorEnableRequest,
  ZTwoFactorSetupRequest,
} from '@sewablast/contract/two-factor';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { useZodForm } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { confirmSetup, startSetup } from './api/two-factor.ts';

function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TTwoFactorSetupResponse) => void;
  onCancel?: () => void;
}) {
  const form = useZodForm(ZTwoFactorSetupRequest, { defaultValues: { current_password: '' } });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.submitWith(async ({ current_password }) => onStarted(await startSetup(current_password)))}
    >
      <FormAlert message={form.failure} />
      <FormField
        form={form}
        name="current_password"
        label={TWO_FACTOR_TEXT.passwordLabel}
        type="password"
        autoComplete="current-password"
      />
      <StepButtons
        busy={form.busy}
        busyLabel={TWO_FACTOR_TEXT.starting}
        label={TWO_FACTOR_TEXT.start}
        onCancel={onCancel}
      />
    </form>
  );
}

/** A step's submit, and its cancel where the set-up can be left. */
function StepButtons({
  busy,
  busyLabel,
  label,
  onCancel,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {label}
      </SubmitButton>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {TWO_FACTOR_TEXT.cancel}
        </Button>
      )}
    </div>
  );
}

function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TTwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}) {
  const form = useZodForm(ZTwoFactorEnableRequest, { defaultValues: { code: '' } });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.submitWith(async ({ code }) => onEnabled((await confirmSetup(code)).recovery_codes))}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.scan}</p>
      <div className="w-fit rounded-lg bg-white p-3">
        <QRCodeSVG value={setup.uri} size={200} title={TWO_FACTOR_TEXT.title} />
      </div>
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.manualKey}</p>
        <code
          className="mt-1 block rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          data-testid="totp-secret"
        >
          {setup.secret.match(/.{1,4}/g)?.join(' ')}
        </code>
      </div>
      <FormAlert message={form.failure} />
      <FormField
        form={form}
        name="code"
        label={TWO_FACTOR_TEXT.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
      />
      <StepButtons
        busy={form.busy}
        busyLabel={TWO_FACTOR_TEXT.confirming}
        label={TWO_FACTOR_TEXT.confirm}
        onCancel={onCancel}
      />
    </form>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'sewablast-kode-pemulihan.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="space-y-4">
      <h3 className="font-semibold text-slate-900 dark:text-white">{TWO_FACTOR_TEXT.recoveryTitle}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.recoveryBody}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard?.writeText(text).then(
              () => toast.success(TWO_FACTOR_TEXT.copied),
              () => undefined,
            )
          }
        >
          {TWO_FACTOR_TEXT.copy}
        </Button>
        <Button variant="secondary" onClick={download}>
          {TWO_FACTOR_TEXT.download}
        </Button>
        <Button onClick={onDone}>{TWO_FACTOR_TEXT.done}</Button>
      </div>
    </div>
  );
}

/** The whole set-up; `onEnabled` runs once the codes were shown and the person says they kept them. */
export function TwoFactorSetup({ onEnabled, onCancel }: { onEnabled: () => void; onCancel?: () => void }) {
  const [setup, setSetup] = useState<TTwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={onEnabled} />;
  if (setup) return <ScanStep setup={setup} onEnabled={setCodes} onCancel={onCancel} />;
  return <PasswordStep onStarted={setSetup} onCancel={onCancel} />;
}
