/**
 * The pieces every form shows: fields registered with its react-hook-form form (each shows its own error),
 * the form's own message, and the submit button that stays disabled while a save is in flight.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
  useController,
  useFormState,
} from 'react-hook-form';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { CheckboxField, Field, type FieldProps, SCROLL_MARGIN, TextAreaField } from './field.tsx';

interface Registered<T extends FieldValues, Out> {
  form: UseFormReturn<T, unknown, Out>;
  name: Path<T>;
  options?: RegisterOptions<T, Path<T>>;
}

function useFieldError<T extends FieldValues, Out>(form: UseFormReturn<T, unknown, Out>, name: Path<T>) {
  const { errors } = useFormState({ control: form.control, name });
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

type InputProps = Omit<FieldProps, 'name' | 'error' | 'form'>;

export function FormField<T extends FieldValues, Out>({
  form,
  name,
  options,
  ...rest
}: Registered<T, Out> & InputProps) {
  return <Field {...rest} {...form.register(name, options)} error={useFieldError(form, name)} />;
}

export function FormTextArea<T extends FieldValues, Out>({
  form,
  name,
  options,
  ...rest
}: Registered<T, Out> & Omit<Parameters<typeof TextAreaField>[0], 'name' | 'error' | 'form'>) {
  return <TextAreaField {...rest} {...form.register(name, options)} error={useFieldError(form, name)} />;
}

export function FormCheckbox<T extends FieldValues, Out>({
  form,
  name,
  label,
}: Omit<Registered<T, Out>, 'options'> & { label: ReactNode }) {
  return <CheckboxField label={label} {...form.register(name)} error={useFieldError(form, name)} />;
}

/** A checkbox for a two-valued status: checked is `on`, unchecked is `off`. */
export function StatusCheckbox<T extends FieldValues, Out>({
  form,
  name,
  label,
  on = 'active',
  off = 'nonactive',
}: Omit<Registered<T, Out>, 'options'> & { label: ReactNode; on?: string; off?: string }) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <CheckboxField
      label={label}
      name={field.name}
      ref={field.ref}
      checked={field.value !== off}
      onChange={(event) => field.onChange(event.target.checked ? on : off)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** The form's own message; scrolled into view (below the sticky header) when it appears. */
export function FormAlert({ message }: { message: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box} className={SCROLL_MARGIN}>
      <Alert tone="error">{message}</Alert>
    </div>
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
  className,
  disabled,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  /** Shut for a reason of the form's own, besides a save in flight. */
  disabled?: boolean;
}) {
  return (
    <Button type="submit" loading={busy} disabled={disabled} className={className}>
      {busy ? busyLabel : children}
    </Button>
  );
}
