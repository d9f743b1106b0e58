/**
 * A list row's Edit link and Delete button: the delete asks first, and the row reads 'Deleting...' until
 * the server confirms (spec part 2 §4).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from './confirm-dialog.tsx';

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
  if (deleting) return <span className="text-sm text-slate-500">Deleting...</span>;
  return (
    <div className="flex justify-end gap-2">
      <Link
        to={editTo}
        aria-label={`Edit ${label}`}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-brand-600 dark:hover:bg-slate-800"
      >
        <Pencil size={18} />
      </Link>
      <ConfirmDialog
        title={confirmTitle}
        description={confirmText}
        confirmLabel="Hapus"
        onConfirm={onDelete}
        trigger={
          <button
            type="button"
            aria-label={`Hapus ${label}`}
            className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/50"
          >
            <Trash2 size={18} />
          </button>
        }
      />
    </div>
  );
}
