/**
 * 'Reset Verifikasi Dua Langkah' of 'Edit Member': turns off the second factor of a user who lost their
 * phone and recovery codes. The server ends their sessions and records it in the audit log.
 */
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import type { TUser } from '@sewablast/contract/users';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { Card } from '../../components/page-header.tsx';
import { useResetTwoFactor } from './api/back-office.ts';

export function TwoFactorResetSection({ user }: { user: TUser }) {
  const reset = useResetTwoFactor(user.id);
  return (
    <Card className="max-w-2xl p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{TWO_FACTOR_TEXT.reset}</h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.resetHint}</p>
      <div className="space-y-4">
        {reset.error && <Alert tone="error">{reset.error.message}</Alert>}
        {reset.data && <Alert tone="success">{reset.data.msg}</Alert>}
        <ConfirmButton
          trigger={(opens) => (
            <Button variant="secondary" {...opens} loading={reset.isPending}>
              {TWO_FACTOR_TEXT.reset}
            </Button>
          )}
          title={TWO_FACTOR_TEXT.resetTitle}
          description={TWO_FACTOR_TEXT.resetBody(`${user.firstname} ${user.lastname}`)}
          confirmLabel={TWO_FACTOR_TEXT.resetConfirm}
          onConfirm={() => reset.mutate()}
        />
      </div>
    </Card>
  );
}
