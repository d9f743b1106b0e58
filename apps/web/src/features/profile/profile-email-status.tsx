/** The profile's line on the email's confirmation, shown only when the server asks for one. */
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { clsx } from 'clsx';
import { Card } from '../../components/page-header.tsx';
import { ResendButton } from '../../components/resend-confirmation-button.tsx';
import { useEmailConfirmation } from '../../lib/use-email-confirmation.ts';

export function ProfileEmailStatus({ email }: { email: string }) {
  const state = useEmailConfirmation(email);
  if (!state.data?.required) return null;
  const { confirmed } = state.data;
  return (
    <Card className="mt-6">
      <div className="flex flex-wrap items-center gap-4 px-6 py-4" data-testid="email-status">
        <div className="min-w-0 flex-1 basis-60">
          <p className="text-sm text-slate-600 dark:text-slate-400">{EMAIL_CONFIRM_TEXT.profileLabel}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span className="break-all font-medium text-slate-900 dark:text-slate-100">{email}</span>
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                confirmed
                  ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
                  : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
              )}
            >
              {confirmed ? EMAIL_CONFIRM_TEXT.profileConfirmed : EMAIL_CONFIRM_TEXT.profileUnconfirmed}
            </span>
          </p>
          {!confirmed && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{EMAIL_CONFIRM_TEXT.profileHint}</p>
          )}
        </div>
        {!confirmed && <ResendButton />}
      </div>
    </Card>
  );
}
