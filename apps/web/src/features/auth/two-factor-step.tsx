/**
 * The sign-in's second step: a code from the authenticator app, or one of the recovery codes, and
 * "Ingat perangkat ini 30 hari". A challenge that ended (expired, or five wrong codes) sends the person back
 * to the password.
 */
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormCheckbox, FormField, SubmitButton } from '../../components/form.tsx';
import { useZodForm } from '../../lib/form.ts';
import { signIn } from '../../lib/session.ts';
import { loginSecondStep } from './api/login.ts';

interface Props {
  email: string;
  challenge: string;
  keep: boolean;
  onBack: () => void;
}

export function TwoFactorStep({ email, challenge, keep, onBack }: Props) {
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm(() => import('@sewablast/contract/two-factor').then((tf) => tf.ZTwoFactorCodeForm), {
    defaultValues: { code: '', remember_device: false },
    leavesOnSuccess: true,
  });
  const ended = form.failure === TWO_FACTOR_TEXT.challengeEnded;
  return (
    <form
      noValidate
      className="space-y-5"
      aria-label={TWO_FACTOR_TEXT.stepTitle}
      onSubmit={form.submitWith(async ({ code, remember_device }) => {
        const { token, user } = await loginSecondStep(email, { challenge, code, remember_device });
        signIn(token, user, keep);
        navigate('/dashboard', { replace: true });
      })}
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{TWO_FACTOR_TEXT.stepTitle}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {recovery ? TWO_FACTOR_TEXT.recoverySubtitle : TWO_FACTOR_TEXT.stepSubtitle}
      </p>
      <FormAlert message={form.failure} />
      <FormField
        key={recovery ? 'recovery' : 'app'}
        form={form}
        name="code"
        label={recovery ? TWO_FACTOR_TEXT.recoveryLabel : TWO_FACTOR_TEXT.codeLabel}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
      />
      <FormCheckbox form={form} name="remember_device" label={TWO_FACTOR_TEXT.rememberDevice} />
      {ended ? (
        <Button className="w-full" onClick={onBack}>
          {TWO_FACTOR_TEXT.backToSignin}
        </Button>
      ) : (
        <SubmitButton busy={form.busy} busyLabel={TWO_FACTOR_TEXT.verifying} className="w-full">
          {TWO_FACTOR_TEXT.verify}
        </SubmitButton>
      )}
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            form.setValue('code', '');
          }}
        >
          {recovery ? TWO_FACTOR_TEXT.useApp : TWO_FACTOR_TEXT.useRecovery}
        </button>
        <button
          type="button"
          className="font-medium text-slate-600 hover:underline dark:text-slate-400"
          onClick={onBack}
        >
          {TWO_FACTOR_TEXT.backToSignin}
        </button>
      </div>
    </form>
  );
}
