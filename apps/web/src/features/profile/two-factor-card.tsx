/**
 * The profile's "Verifikasi Dua Langkah": whether it is on, how many recovery codes are left, setting it up,
 * turning it off with the password and a code (not where the role requires it), and new recovery codes.
 */
import { ZTwoFactorDisableRequest } from '@sewablast/contract/two-factor';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useZodForm } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { useDisableTwoFactor, useRefreshTwoFactor, useTwoFactorStatus } from './api/two-factor.ts';
import { RecoveryCodesForm } from './recovery-codes-form.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

function DisableForm({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useZodForm(ZTwoFactorDisableRequest, { defaultValues: { current_password: '', code: '' } });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.submitWith(async (body) => {
        const { msg } = await disable.mutateAsync(body);
        toast.success(msg);
        onClose();
      })}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.disableBody}</p>
      <FormAlert message={form.failure} />
      <FormField
        form={form}
        name="current_password"
        label={TWO_FACTOR_TEXT.passwordLabel}
        type="password"
        autoComplete="current-password"
      />
      <FormField form={form} name="code" label={TWO_FACTOR_TEXT.codeLabel} autoComplete="one-time-code" />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={form.busy} busyLabel={TWO_FACTOR_TEXT.disabling}>
          {TWO_FACTOR_TEXT.disable}
        </SubmitButton>
        <Button variant="secondary" onClick={onClose}>
          {TWO_FACTOR_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const refresh = useRefreshTwoFactor();
  const [mode, setMode] = useState<'view' | 'setup' | 'disable' | 'codes'>('view');
  const close = () => {
    setMode('view');
    void refresh();
  };
  let body = null;
  if (status.isPending) body = <Spinner size={24} />;
  else if (status.error) body = <Alert tone="error">{status.error.message}</Alert>;
  else if (mode === 'setup') body = <TwoFactorSetup onEnabled={close} onCancel={() => setMode('view')} />;
  else if (mode === 'disable') body = <DisableForm onClose={close} />;
  else if (mode === 'codes') body = <RecoveryCodesForm onClose={close} />;
  else {
    const { enabled, required, recovery_codes_left } = status.data;
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-slate-600 dark:text-slate-400">
          <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
            <ShieldCheck size={18} aria-hidden className={enabled ? 'text-green-600' : 'text-slate-400'} />
            <span data-testid="two-factor-state">{enabled ? TWO_FACTOR_TEXT.on : TWO_FACTOR_TEXT.off}</span>
          </p>
          {enabled && <p className="mt-1">{TWO_FACTOR_TEXT.recoveryLeft(recovery_codes_left)}</p>}
          {required && <p className="mt-1">{TWO_FACTOR_TEXT.requiredNote}</p>}
        </div>
        {!enabled && <Button onClick={() => setMode('setup')}>{TWO_FACTOR_TEXT.enable}</Button>}
        {enabled && (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setMode('codes')}>
              {TWO_FACTOR_TEXT.regenerate}
            </Button>
            {!required && (
              <Button variant="secondary" onClick={() => setMode('disable')}>
                {TWO_FACTOR_TEXT.disable}
              </Button>
            )}
          </div>
        )}
      </div>
    );
  }
  return (
    <Card className="mt-6">
      <div className="border-b border-slate-200 px-6 py-4 dark:border-slate-800">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{TWO_FACTOR_TEXT.title}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.description}</p>
      </div>
      <div className="px-6 py-5">{body}</div>
    </Card>
  );
}
