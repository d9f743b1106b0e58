/**
 * Asks before a destructive action; the action runs only on the confirming button. Opened from its button
 * through ConfirmButton (confirm-button.tsx), which loads it when the person reaches for the button. The second
 * click of a double click on either button does not reach what lies behind the closed dialog (click-through.ts).
 */
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { swallowRestOfClick } from '../lib/click-through.ts';
import type { PopupControl } from './popup-on-demand.tsx';

export interface ConfirmDialogProps extends PopupControl {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are. */
  cancelLabel?: string;
  onConfirm: () => void;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Batal',
  onConfirm,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel
              onClick={swallowRestOfClick}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={(event) => {
                swallowRestOfClick(event);
                onConfirm();
              }}
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
