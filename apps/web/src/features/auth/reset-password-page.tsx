/** /reset-password: asks for the email, or with `?token=` from the mailed link, for the new password. */
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { ResetLinkRequest } from './reset-link-request.tsx';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <AuthLayout title={RECOVERY_TEXT.newTitle} subtitle={RECOVERY_TEXT.newSubtitle}>
      <NewPasswordForm token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title={RECOVERY_TEXT.requestTitle} subtitle={RECOVERY_TEXT.requestSubtitle}>
      <ResetLinkRequest />
    </AuthLayout>
  );
}
