/** "Kirim ulang email konfirmasi": the answer, sent or how long to wait, as a toast. */
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { toast } from '../lib/toast.ts';
import { useResendConfirmation } from '../lib/use-email-confirmation.ts';
import { Button } from './button.tsx';

export function ResendButton() {
  const resend = useResendConfirmation();
  return (
    <Button
      variant="secondary"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: ({ msg }) => toast.success(msg),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      {resend.isPending ? EMAIL_CONFIRM_TEXT.resending : EMAIL_CONFIRM_TEXT.resend}
    </Button>
  );
}
