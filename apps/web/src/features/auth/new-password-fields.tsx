/** The new password and its confirmation, as the reset link's page and the forced change both ask for them. */
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import type { Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form.tsx';

type NewPassword = { password: string; password2: string };

export function NewPasswordFields<T extends NewPassword, Out>({ form }: { form: UseFormReturn<T, unknown, Out> }) {
  return (
    <>
      <FormField
        form={form}
        name={'password' as Path<T>}
        label={RECOVERY_TEXT.newPasswordLabel}
        type="password"
        autoComplete="new-password"
        placeholder={RECOVERY_TEXT.newPasswordPlaceholder}
      />
      <FormField
        form={form}
        name={'password2' as Path<T>}
        label={RECOVERY_TEXT.confirmLabel}
        type="password"
        autoComplete="new-password"
        placeholder={RECOVERY_TEXT.confirmPlaceholder}
      />
    </>
  );
}
