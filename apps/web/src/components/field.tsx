/**
 * A labelled control with its error under it; the error is announced and linked for screen readers. The
 * controls take a ref (react-hook-form registers them) and stop below the sticky header when an error
 * scrolls them into view.
 */
import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';

export interface FieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** Clears the 4 rem sticky header, with room for the label above the control. */
export const SCROLL_MARGIN = 'scroll-mt-28';

/**
 * What a form focuses for a control taller than an input: its top is scrolled below the header first, since
 * focus alone would show only its nearest edge — the bottom, after a click on a submit button below it.
 */
export function focusAtTop(box: HTMLElement, focus: () => void = () => box.focus({ preventScroll: true })) {
  return {
    focus: () => {
      box.scrollIntoView({ block: 'start' });
      focus();
    },
  };
}

/**
 * A read-only control looks like what it is: a greyed, dashed box, the text still fully legible, with no
 * pointer that invites typing. It stays focusable, so that a screen reader reads it and says it is read-only.
 */
export const inputClass = (invalid: boolean, readOnly = false) =>
  clsx(
    SCROLL_MARGIN,
    'block w-full rounded-lg border px-3.5 py-2.5 text-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 dark:placeholder:text-slate-500',
    readOnly
      ? 'cursor-default border-dashed bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
      : 'bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100',
    invalid
      ? 'border-red-500 focus:ring-red-500/30'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/20 dark:border-slate-700',
  );

interface FieldFrameProps {
  label: string;
  /** The control the label names; without it the label is plain text (a composite control labels itself). */
  htmlFor?: string;
  /** The id of the error line, for the control's aria-describedby; `{htmlFor}-error` unless given. */
  errorId?: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The label above any control and its error (or hint) below it, for controls other than a plain input. */
export function FieldFrame({ label, htmlFor, errorId, error, hint, className, children }: FieldFrameProps) {
  const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
  return (
    <div className={className}>
      {htmlFor ? (
        <label htmlFor={htmlFor} className={labelClass}>
          {label}
        </label>
      ) : (
        <p className={labelClass}>{label}</p>
      )}
      {children}
      {error ? (
        <p
          id={errorId ?? (htmlFor && `${htmlFor}-error`)}
          role="alert"
          className="mt-1.5 text-sm text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      ) : (
        hint && (
          <p id={htmlFor && `${htmlFor}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export function Field({ label, error, hint, id, type = 'text', className, ...rest }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldFrame label={label} htmlFor={inputId} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          id={inputId}
          type={isPassword && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
          className={clsx(inputClass(Boolean(error), Boolean(rest.readOnly)), isPassword && 'pr-11')}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setShown((value) => !value)}
            aria-label={shown ? 'Sembunyikan password' : 'Tampilkan password'}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-700 dark:text-slate-400 dark:hover:text-slate-200"
          >
            {shown ? <EyeOff size={18} /> : <Eye size={18} />}
          </button>
        )}
      </div>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, id, className, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame label={label} htmlFor={inputId} error={error} hint={hint} className={className}>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={inputClass(Boolean(error))}
        {...rest}
      />
    </FieldFrame>
  );
}

export function CheckboxField({ label, error, id, ...rest }: Omit<FieldProps, 'label'> & { label: ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div>
      <label
        htmlFor={inputId}
        className="flex cursor-pointer items-start gap-2.5 text-sm text-slate-700 dark:text-slate-300"
      >
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={clsx(
            SCROLL_MARGIN,
            'mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600',
          )}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
