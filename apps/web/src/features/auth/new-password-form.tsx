/**
 * /reset-password?token=…: the new password twice. Saved, every session of the account has ended — this
 * browser's too — and the user signs in again with the new password.
 */
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/form.tsx';
import { useZodForm } from '../../lib/form.ts';
import { signOut } from '../../lib/session.ts';
import { resetPassword } from './api/recovery.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { BackToSignIn } from './reset-link-request.tsx';

// Radix's dialog would be a tenth of this public page's first load (DESIGN §10): it comes once the password
// is saved, the only time it shows.
const MessageDialog = lazy(() =>
  import('../../components/message-dialog.tsx').then((module) => ({ default: module.MessageDialog })),
);

export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const form = useZodForm(
    () => import('@sewablast/contract/recovery').then((recovery) => recovery.ZResetPasswordRequest),
    {
      defaultValues: { token, password: '', password2: '' },
      leavesOnSuccess: true,
    },
  );
  const invalidLink = form.failure === RECOVERY_TEXT.tokenInvalid;
  return (
    <div className="space-y-6">
      <form
        noValidate
        className="space-y-5"
        onSubmit={form.submitWith(async (body) => {
          await resetPassword(body);
          signOut();
          setDone(true);
        })}
      >
        <FormAlert message={form.failure} />
        {invalidLink && (
          <p className="text-sm">
            <Link to="/reset-password" className="font-medium text-brand-600 hover:underline">
              {RECOVERY_TEXT.requestAgain}
            </Link>
          </p>
        )}
        <NewPasswordFields form={form} />
        <SubmitButton busy={form.busy} busyLabel={RECOVERY_TEXT.saving} className="w-full">
          {RECOVERY_TEXT.save}
        </SubmitButton>
      </form>
      <BackToSignIn />
      {done && (
        <Suspense>
          <MessageDialog
            open
            title="Berhasil"
            message={RECOVERY_TEXT.resetDone}
            onClose={() => navigate('/signin', { replace: true })}
          />
        </Suspense>
      )}
    </div>
  );
}
