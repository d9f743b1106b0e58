/** ConfirmDialog behind a button of its own, its code (Radix's AlertDialog) loaded when the person reaches for it. */
import type { ReactNode } from 'react';
import { onDemand } from '../lib/on-demand.ts';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';
import { type Popup, type PopupControl, PopupOnDemand, type PopupTriggerProps } from './popup-on-demand.tsx';

type Question = Omit<ConfirmDialogProps, keyof PopupControl>;

const confirmDialog = onDemand<Popup<Question>>(async () => (await import('./confirm-dialog.tsx')).ConfirmDialog);

export function ConfirmButton({
  trigger,
  ...question
}: Question & { trigger: (props: PopupTriggerProps) => ReactNode }) {
  return <PopupOnDemand popup={confirmDialog} props={question} trigger={trigger} />;
}
