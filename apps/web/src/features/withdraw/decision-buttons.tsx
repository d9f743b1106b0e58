/**
 * Terima and Tolak on a waiting request, Batalkan on a decided one (spec part 2 §4), each asked first and
 * answered with the spec's text; a refusal (409: the member's balance, or another decision first) shows its
 * message. Batalkan on an accepted (paid) one is for admins and devs only, and asks for a reason
 * (cancel-payout-dialog.tsx); staff are not offered it.
 */
import { effectiveRole, inGroup } from '@sewablast/contract/roles';
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { type TWithdrawStatus, WITHDRAW_DECISION_TEXT, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { type Popup, PopupOnDemand } from '../../components/popup-on-demand.tsx';
import { formatRupiah } from '../../lib/format.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useUpdateWithdraw } from './api/update.ts';
import type { CancelPayoutDialogProps } from './cancel-payout-dialog.tsx';

const cancelPayoutDialog = onDemand<Popup<CancelPayoutDialogProps>>(
  async () => (await import('./cancel-payout-dialog.tsx')).CancelPayoutDialog,
);

const ACTIONS: Record<TWithdrawStatus, { label: string; to: TWithdrawStatus; question: string }[]> = {
  requested: [
    { label: 'Terima', to: 'accepted', question: 'Terima permintaan withdraw' },
    { label: 'Tolak', to: 'rejected', question: 'Tolak permintaan withdraw' },
  ],
  // A paid one is taken back through CancelPayout, with a reason.
  accepted: [],
  rejected: [{ label: 'Batalkan', to: 'requested', question: 'Batalkan keputusan atas permintaan withdraw' }],
};

function CancelPayout({ row, what }: { row: TWithdraw; what: string }) {
  const update = useUpdateWithdraw();
  return (
    <PopupOnDemand
      popup={cancelPayoutDialog}
      props={{ what, onConfirm: (reason) => update.mutateAsync({ id: row.id, status: 'requested', reason }) }}
      trigger={(opens) => (
        <Button {...opens} variant="secondary" className="px-3 py-1.5" aria-label={`Batalkan ${what}`}>
          Batalkan
        </Button>
      )}
    />
  );
}

export function DecisionButtons({ row }: { row: TWithdraw }) {
  const update = useUpdateWithdraw();
  const { user } = useSession();
  const who = `${row.User.firstname} ${row.User.lastname}`.trim();
  const mayCancelPayout = inGroup(effectiveRole(user?.role) ?? 'staff', 'managers');
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
      {row.status === 'accepted' && mayCancelPayout && (
        <CancelPayout row={row} what={`${who} sebesar ${formatRupiah(row.nominal)}`} />
      )}
    </div>
  );
}
