/** A member's bank details, as snapshotted on the request (spec part 2 §2), opened from their name (member-bank.tsx). */
import type { TWithdraw } from '@sewablast/contract/withdraw';
import { Dialog } from 'radix-ui';
import type { PopupControl } from '../../components/popup-on-demand.tsx';

export interface BankDialogProps {
  name: string;
  bank: TWithdraw['User'];
}

export function BankDialog({ name, bank, open, onOpenChange, onCloseAutoFocus }: BankDialogProps & PopupControl) {
  const lines = [
    ['Bank', bank.account_bank],
    ['Nomor Rekening', bank.account_number],
    ['Nama Rekening', bank.account_name],
  ] as const;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Data bank saat permintaan dibuat.
          </Dialog.Description>
          <dl className="mt-4 space-y-2 text-sm">
            {lines.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-semibold break-all text-slate-900 dark:text-slate-100">{value || '-'}</dd>
              </div>
            ))}
          </dl>
          <Dialog.Close className="mt-6 w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
            Tutup
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
