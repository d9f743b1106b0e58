/**
 * The member's name on a request, as a button that opens their bank details (bank-dialog.tsx, loaded on
 * demand); under it, a request made soon after the bank account changed says so in words.
 */
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { type Popup, PopupOnDemand } from '../../components/popup-on-demand.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import type { BankDialogProps } from './bank-dialog.tsx';

const bankDialog = onDemand<Popup<BankDialogProps>>(async () => (await import('./bank-dialog.tsx')).BankDialog);

export function MemberBank({ row }: { row: TWithdraw }) {
  const name = `${row.User.firstname} ${row.User.lastname}`.trim();
  const member = (
    <PopupOnDemand
      popup={bankDialog}
      props={{ name, bank: row.User }}
      trigger={(opens) => (
        <button
          type="button"
          {...opens}
          className="text-left font-medium text-brand-600 underline-offset-2 hover:underline dark:text-brand-400"
        >
          {name}
        </button>
      )}
    />
  );
  if (!row.recentBankChange) return member;
  return (
    <div className="max-w-xs space-y-1">
      {member}
      <div>
        <span className="inline-flex rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-800 dark:bg-orange-950 dark:text-orange-300">
          {WITHDRAW_TEXT.recentBankChange}
        </span>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{WITHDRAW_TEXT.recentBankChangeNote}</p>
    </div>
  );
}
