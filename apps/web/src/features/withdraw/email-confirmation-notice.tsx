/**
 * On Withdraw, while the server asks for the address to be confirmed and it is not: what is needed first,
 * and the resend. Nothing shows when it is confirmed or the server mails nothing.
 */
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { MailWarning } from 'lucide-react';
import { ResendButton } from '../../components/resend-confirmation-button.tsx';
import { useEmailConfirmation } from '../../lib/use-email-confirmation.ts';

export function EmailConfirmationNotice({ email }: { email: string }) {
  const state = useEmailConfirmation(email);
  if (!state.data || state.data.confirmed) return null;
  return (
    <section
      role="status"
      data-testid="email-confirmation-notice"
      className="mb-6 flex flex-wrap items-start gap-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <MailWarning size={22} className="mt-0.5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 basis-60">
        <h2 className="font-semibold">{EMAIL_CONFIRM_TEXT.withdrawNoticeTitle}</h2>
        <p className="mt-1 text-sm break-words">{EMAIL_CONFIRM_TEXT.withdrawNotice(email)}</p>
      </div>
      <ResendButton />
    </section>
  );
}
