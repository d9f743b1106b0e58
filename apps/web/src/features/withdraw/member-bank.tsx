/** The member's name on a request, as a button that opens their bank details (bank-dialog.tsx, loaded on demand). */
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { type Dialog, DialogOnDemand } from '../../components/dialog-on-demand.tsx';
import { onDemand } from '../../lib/on-demand.ts';
import type { BankDialogProps } from './bank-dialog.tsx';

const bankDialog = onDemand<Dialog<BankDialogProps>>(async () => (await import('./bank-dialog.tsx')).BankDialog);

export function MemberBank({ row }: { row: TWithdraw }) {
  const name = `${row.User.firstname} ${row.User.lastname}`.trim();
  return (
    <DialogOnDemand
      dialog={bankDialog}
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
}
