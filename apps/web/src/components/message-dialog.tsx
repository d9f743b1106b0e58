/** A dialog that tells the outcome of an action ('Berhasil', 'Gagal!', ...) and runs `onClose` after OK. */
import { Dialog } from 'radix-ui';

interface MessageDialogProps {
  open: boolean;
  title: string;
  message: string;
  tone?: 'success' | 'error';
  onClose: () => void;
}

export function MessageDialog({ open, title, message, tone = 'success', onClose }: MessageDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <Dialog.Title
            className={`text-lg font-semibold ${tone === 'success' ? 'text-brand-600' : 'text-red-600 dark:text-red-400'}`}
          >
            {title}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</Dialog.Description>
          <button
            type="button"
            onClick={onClose}
            className="mt-6 w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            OK
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
