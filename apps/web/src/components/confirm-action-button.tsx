/**
 * A button that asks first (ConfirmButton), then runs one mutation and tells its answer in a toast: the shape
 * of every "forget / revoke / reset this one" action on the profile and the back-office screens.
 */
import type { ReactNode } from 'react';
import { toast } from '../lib/toast.ts';
import { Button, type ButtonProps } from './button.tsx';
import { ConfirmButton } from './confirm-button.tsx';

interface Answered {
  onSuccess: (answer: { msg: string }) => void;
  onError: (error: Error) => void;
}

interface ConfirmActionButtonProps {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Starts the mutation with the toasts to call when it answers. */
  run: (answered: Answered) => void;
  pending: boolean;
  /** Said when the error carries no message of its own. */
  failed?: string;
  button: Omit<ButtonProps, 'loading' | 'children'> & { 'data-testid'?: string };
  children: ReactNode;
}

export function ConfirmActionButton({ run, pending, failed, button, children, ...question }: ConfirmActionButtonProps) {
  return (
    <ConfirmButton
      {...question}
      onConfirm={() =>
        run({
          onSuccess: ({ msg }) => toast.success(msg),
          onError: (error) => toast.error(error.message || failed),
        })
      }
      trigger={(opens) => (
        <Button {...button} {...opens} loading={pending}>
          {children}
        </Button>
      )}
    />
  );
}
