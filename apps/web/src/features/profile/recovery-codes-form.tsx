/**
 * 'Buat Kode Pemulihan Baru' of the profile's second factor: the current password or a code of the app, then
 * the new codes, shown this once; the old ones stopped working when they were made.
 */
import { ZRecoveryCodesRequest } from '@sewablast/contract/two-factor';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useRegenerateRecoveryCodes } from './api/two-factor.ts';
import { RecoveryCodes } from './two-factor-setup.tsx';

export function RecoveryCodesForm({ onClose }: { onClose: () => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useZodForm(ZRecoveryCodesRequest, { defaultValues: { current_password: '', code: '' } });
  if (codes) return <RecoveryCodes codes={codes} onDone={onClose} />;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.submitWith(async (body) => {
        setCodes((await regenerate.mutateAsync(body)).recovery_codes);
      })}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.regenerateBody}</p>
      <FormAlert message={form.failure} />
      <FormField
        form={form}
        name="current_password"
        label={TWO_FACTOR_TEXT.passwordLabel}
        type="password"
        autoComplete="current-password"
      />
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{TWO_FACTOR_TEXT.orCode}</p>
      <FormField
        form={form}
        name="code"
        label={TWO_FACTOR_TEXT.appCodeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={form.busy} busyLabel={TWO_FACTOR_TEXT.regenerating}>
          {TWO_FACTOR_TEXT.regenerate}
        </SubmitButton>
        <Button variant="secondary" onClick={onClose}>
          {TWO_FACTOR_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
