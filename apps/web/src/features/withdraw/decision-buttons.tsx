/**
 * Terima and Tolak on a waiting request, Batalkan on a decided one (spec part 2 §4), each asked first and
 * answered with the spec's text; a refusal (409: the member's balance, or another decision first) shows its
 * message.
 */
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { type TWithdrawStatus, WITHDRAW_DECISION_TEXT, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { toast } from 'sonner';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { formatRupiah } from '../../lib/format.ts';
import { useUpdateWithdraw } from './api/update.ts';

const ACTIONS: Record<TWithdrawStatus, { label: string; to: TWithdrawStatus; question: string }[]> = {
  requested: [
    { label: 'Terima', to: 'accepted', question: 'Terima permintaan withdraw' },
    { label: 'Tolak', to: 'rejected', question: 'Tolak permintaan withdraw' },
  ],
  accepted: [{ label: 'Batalkan', to: 'requested', question: 'Batalkan keputusan atas permintaan withdraw' }],
  rejected: [{ label: 'Batalkan', to: 'requested', question: 'Batalkan keputusan atas permintaan withdraw' }],
};

export function DecisionButtons({ row }: { row: TWithdraw }) {
  const update = useUpdateWithdraw();
  const who = `${row.User.firstname} ${row.User.lastname}`.trim();
  const decide = (status: TWithdrawStatus) =>
    update.mutate(
      { id: row.id, status },
      {
        onSuccess: () => toast.success(WITHDRAW_DECISION_TEXT[status]),
        onError: (error) => toast.error(error.message || WITHDRAW_TEXT.updateWithdrawFailed),
      },
    );
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {ACTIONS[row.status].map((action) => (
        <ConfirmButton
          key={action.label}
          title={`${action.label}?`}
          description={`${action.question} ${who} sebesar ${formatRupiah(row.nominal)}?`}
          confirmLabel={action.label}
          onConfirm={() => decide(action.to)}
          trigger={(opens) => (
            <Button
              {...opens}
              variant={action.to === 'accepted' ? 'primary' : 'secondary'}
              className="px-3 py-1.5"
              loading={update.isPending}
              aria-label={`${action.label} ${who} ${formatRupiah(row.nominal)}`}
            >
              {action.label}
            </Button>
          )}
        />
      ))}
    </div>
  );
}
