/**
 * /reset-password without a token: the email form when the server can mail a link, the same neutral answer
 * whatever the email, and 'ask an admin' when it cannot — said before anything is typed.
 */
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useZodForm } from '../../lib/form.ts';
import { requestResetLink, useRecoveryState } from './api/recovery.ts';

export function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <Link to="/signin" className="font-medium text-brand-600 hover:underline">
        {RECOVERY_TEXT.backToSignIn}
      </Link>
    </p>
  );
}

function RequestForm({ onAnswer }: { onAnswer: (answer: { mail: boolean; msg: string }) => void }) {
  const form = useZodForm(
    () => import('@sewablast/contract/recovery').then((recovery) => recovery.ZForgotPasswordRequest),
    { defaultValues: { email: '' } },
  );
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.submitWith(async (body) => onAnswer(await requestResetLink(body)))}
    >
      <FormAlert message={form.failure} />
      <FormField
        form={form}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="nama@email.com"
      />
      <SubmitButton busy={form.busy} busyLabel={RECOVERY_TEXT.sending} className="w-full">
        {RECOVERY_TEXT.send}
      </SubmitButton>
    </form>
  );
}

export function ResetLinkRequest() {
  const state = useRecoveryState();
  const [answer, setAnswer] = useState<{ mail: boolean; msg: string } | null>(null);
  let body: ReactNode;
  if (state.isPending) {
    body = (
      <div className="py-6 text-center text-brand-600">
        <Spinner size={24} />
      </div>
    );
  } else if (state.error) {
    body = <Alert tone="error">{state.error.message}</Alert>;
  } else if (!state.data.mail || answer?.mail === false) {
    body = <Alert tone="info">{RECOVERY_TEXT.noMail}</Alert>;
  } else if (answer) {
    body = <Alert tone="success">{answer.msg}</Alert>;
  } else {
    body = <RequestForm onAnswer={setAnswer} />;
  }
  return (
    <div className="space-y-6">
      {body}
      <BackToSignIn />
    </div>
  );
}
