/** ConfirmDialog behind a button of its own, its code (Radix's AlertDialog) loaded when the person reaches for it. */
import type { ReactNode } from 'react';
import { onDemand } from '../lib/on-demand.ts';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { type Dialog, type DialogControl, DialogOnDemand, type DialogTriggerProps } from './dialog-on-demand.tsx';

type Question = Omit<ConfirmDialogProps, keyof DialogControl>;

/**
 * Other buttons that open a dialog on demand from a screen that confirms things take DialogOnDemand from here:
 * imported apart, it becomes a chunk of its own on every page that confirms (the withdraw queue's first load
 * is held to 150 KB), where here it shares this one.
 */
export { DialogOnDemand };

const confirmDialog = onDemand<Dialog<Question>>(async () => (await import('./confirm-dialog.tsx')).ConfirmDialog);

export function ConfirmButton({
  trigger,
  ...question
}: Question & { trigger: (props: DialogTriggerProps) => ReactNode }) {
  return <DialogOnDemand dialog={confirmDialog} props={question} trigger={trigger} />;
}
