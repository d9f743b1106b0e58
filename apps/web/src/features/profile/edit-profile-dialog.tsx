/**
 * The edit modal (spec part 2 §2 Profile). The address says whether it is open (`?edit=true` from the user
 * menu, `?edit=1` from the withdraw 'Gagal' dialog), so the page owns the state; Radix keeps focus inside
 * and hands it back on close.
 */
import { PROFILE_TEXT } from '@sewablast/contract/profile';
import type { TUser } from '@sewablast/contract/users';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { ProfileForm } from './profile-form.tsx';

export function EditProfileDialog({ open, user, onClose }: { open: boolean; user: TUser; onClose: () => void }) {
  // The Edit button is no Dialog.Trigger (the address opens the modal too): focus goes back to whatever opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // The first field rather than the close button, which Radix would pick as the first one tabbable.
            const first = (event.currentTarget as HTMLElement | null)?.querySelector('input');
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected && opener.current !== document.body) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                {PROFILE_TEXT.editTitle}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {PROFILE_TEXT.editDescription}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={PROFILE_TEXT.close}
              className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
            >
              <X size={18} />
            </Dialog.Close>
          </div>
          <ProfileForm user={user} onDone={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
