/**
 * /change-password: where the guard keeps a user who signed in with a temporary password until they choose
 * their own. The change goes through the profile's own call (the current password is the temporary one),
 * which clears the flag and answers a fresh token, since a password change ends every session.
 */
import { ZChangePasswordForm } from '@sewablast/contract/recovery';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import * as users from '@sewablast/contract/users-calls';
import { Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { call } from '../../lib/api.ts';
import { useZodForm } from '../../lib/form.ts';
import { replaceToken, storeUser, useSession } from '../../lib/session.ts';
import { signOutHere } from '../../lib/sign-out.ts';
import { toast } from '../../lib/toast.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

export function Component() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const form = useZodForm(ZChangePasswordForm, {
    defaultValues: { current_password: '', password: '', password2: '' },
    leavesOnSuccess: true,
  });
  if (!token || !user) return <Navigate to="/signin" replace />;
  if (!user.must_change_password && !form.busy) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout title={RECOVERY_TEXT.changeTitle} subtitle={RECOVERY_TEXT.changeSubtitle}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={form.submitWith(async ({ current_password, password }) => {
          const answer = await call(users.update, { params: { id: user.id }, body: { current_password, password } });
          if (answer.token) replaceToken(answer.token);
          storeUser(answer.user);
          toast.success(RECOVERY_TEXT.changed);
          navigate('/dashboard', { replace: true });
        })}
      >
        <FormAlert message={form.failure} />
        <FormField
          form={form}
          name="current_password"
          label={RECOVERY_TEXT.currentLabel}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields form={form} />
        <SubmitButton busy={form.busy} busyLabel={RECOVERY_TEXT.saving} className="w-full">
          {RECOVERY_TEXT.save}
        </SubmitButton>
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => {
            signOutHere();
            navigate('/signin', { replace: true });
          }}
        >
          {RECOVERY_TEXT.signOut}
        </Button>
      </form>
    </AuthLayout>
  );
}
