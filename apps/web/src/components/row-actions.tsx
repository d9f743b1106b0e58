/**
 * A list row's icon buttons, each with a tooltip that names it for the eye and an `aria-label` that names it
 * for a screen reader; and the usual Edit link and Delete button: the delete asks first, and the row reads
 * 'Deleting...' until the server confirms (spec part 2 §4).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Pencil, Trash2 } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { type ComponentProps, type ReactElement, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../lib/toast.ts';
import { ConfirmButton } from './confirm-button.tsx';

const ICON =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-300';
const TONES = {
  plain: 'hover:bg-slate-100 hover:text-brand-600 dark:hover:bg-slate-800 dark:hover:text-brand-500',
  danger: 'hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/50 dark:hover:text-red-400',
};

/** Which rows are being deleted, and the delete that marks them. */
export function useRowDelete(mutation: UseMutationResult<unknown, Error, number>) {
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const remove = (id: number) => {
    setDeleting((current) => new Set(current).add(id));
    mutation.mutate(id, {
      onError: (error) => toast.error(error.message),
      onSettled: () =>
        setDeleting((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
    });
  };
  return { isDeleting: (id: number) => deleting.has(id), remove };
}

/** Shows `text` beside its one child on hover and keyboard focus (app/tooltips.tsx holds the Tooltip.Provider). */
export function WithTooltip({ text, children }: { text: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md dark:bg-slate-100 dark:text-slate-900"
        >
          {text}
          <Tooltip.Arrow className="fill-slate-900 dark:fill-slate-100" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

type IconButtonProps = ComponentProps<'button'> & { tooltip: string; label: string; tone?: keyof typeof TONES };

/**
 * An icon-only button. Other props (and the ref) pass on to the <button>, so it can be the `asChild` trigger
 * of a dialog.
 */
export function IconButton({ tooltip, label, tone = 'plain', className, children, ...rest }: IconButtonProps) {
  return (
    <WithTooltip text={tooltip}>
      <button type="button" aria-label={label} className={clsx(ICON, TONES[tone], className)} {...rest}>
        {children}
      </button>
    </WithTooltip>
  );
}

interface RowActionsProps {
  /** Names the row in the buttons' accessible labels. */
  label: string;
  editTo: string;
  confirmTitle: string;
  confirmText: string;
  deleting: boolean;
  onDelete: () => void;
}

export function RowActions({ label, editTo, confirmTitle, confirmText, deleting, onDelete }: RowActionsProps) {
  if (deleting) return <span className="text-sm text-slate-600 dark:text-slate-300">Deleting...</span>;
  return (
    <div className="flex justify-end gap-1">
      <WithTooltip text="Edit">
        <Link to={editTo} aria-label={`Edit ${label}`} className={clsx(ICON, TONES.plain)}>
          <Pencil size={18} />
        </Link>
      </WithTooltip>
      <ConfirmButton
        title={confirmTitle}
        description={confirmText}
        confirmLabel="Hapus"
        onConfirm={onDelete}
        trigger={(opens) => (
          <IconButton tooltip="Hapus" label={`Hapus ${label}`} tone="danger" {...opens}>
            <Trash2 size={18} />
          </IconButton>
        )}
      />
    </div>
  );
}
