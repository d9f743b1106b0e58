/**
 * Every dashboard form is react-hook-form checked by the contract's zod schema. This adds what each form
 * would otherwise write again: a submit that cannot run twice at once, and a server refusal shown where it
 * belongs — per-field messages under their fields, anything else as the form's own message.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useRef, useState } from 'react';
import {
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api.ts';

/** Where the form's own message (not any one field's) is kept: react-hook-form clears it on the next submit. */
export const FORM_ERROR = 'root.server';

export interface GuardOptions {
  /**
   * The form leaves the page once saved: its submit stays shut after a success, so that a click while the
   * next page loads cannot send it again.
   */
  leavesOnSuccess?: boolean;
  /** Server field names that this form shows under another name (sign-up's referral_code → affiliateCode). */
  aliases?: Record<string, string>;
  /** The form's message for a failure that carries none. */
  fallback?: string;
}

export interface ServerRefusal {
  fields: Record<string, string>;
  /** The form-level message, or '' when it only repeats a message already shown under a field. */
  message: string;
}

/** Splits a failed call into messages for the form's own fields and one message for the form. */
export function refusalOf(error: unknown, known: readonly string[], options: GuardOptions = {}): ServerRefusal {
  const fields: Record<string, string> = {};
  if (!(error instanceof Error)) return { fields, message: options.fallback ?? '' };
  if (error instanceof ApiError) {
    for (const [key, text] of Object.entries(error.errors)) {
      const named = options.aliases?.[key] ?? key;
      // A nested path (`button.0.url`) is shown under the form's field that holds it.
      const field = known.includes(named) ? named : named.split('.')[0];
      if (field && known.includes(field)) fields[field] ??= text;
    }
  }
  const message = error.message || options.fallback || '';
  // The server often repeats a field's message as its msg; it is shown once, under the field.
  return { fields, message: Object.values(fields).includes(message) ? '' : message };
}

export type GuardedForm<T extends FieldValues, Out> = UseFormReturn<T, unknown, Out> & {
  /** Wraps the save: the form's handler for `onSubmit`, refusing a second submit while one is in flight. */
  submitWith: (save: (data: Out) => Promise<unknown>) => (event?: FormEvent) => Promise<void>;
  /** True while saving, and after a save that leaves the page: the submit button is disabled. */
  busy: boolean;
  /** The form-level message of the last submit, or ''. */
  failure: string;
};

/** Adds the guarded submit and the server-refusal mapping to any react-hook-form form. */
export function useGuardedSubmit<T extends FieldValues, Out>(
  form: UseFormReturn<T, unknown, Out>,
  options: GuardOptions = {},
): GuardedForm<T, Out> {
  const inFlight = useRef(false);
  const [left, setLeft] = useState(false);
  const { isSubmitting, errors } = form.formState;

  const submitWith = (save: (data: Out) => Promise<unknown>) => async (event?: FormEvent) => {
    if (inFlight.current) {
      event?.preventDefault();
      return;
    }
    inFlight.current = true;
    let saved = false;
    const onValid: SubmitHandler<Out> = async (data) => {
      try {
        await save(data);
        saved = true;
      } catch (error) {
        const refusal = refusalOf(error, Object.keys(form.getValues()), options);
        // The first refused field is focused, as a refused check would be.
        Object.entries(refusal.fields).forEach(([field, message], index) => {
          form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
        });
        if (refusal.message) form.setError(FORM_ERROR as Path<T>, { type: 'server', message: refusal.message });
      }
    };
    try {
      await form.handleSubmit(onValid)(event);
    } finally {
      if (saved && options.leavesOnSuccess) setLeft(true);
      else inFlight.current = false;
    }
  };

  const root = errors.root as Record<string, { message?: string }> | undefined;
  return {
    ...form,
    submitWith,
    busy: isSubmitting || left,
    failure: root?.server?.message ?? '',
  };
}

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A schema imported when the form is first checked rather than with the page: the signed-out pages are the
 * first load, and zod would add a fifth to it (DESIGN §10's 150 KB budget).
 */
export type LazySchema<S extends FormSchema> = () => Promise<S>;

function resolverOf<S extends FormSchema>(schema: S | LazySchema<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  if (typeof schema !== 'function') return zodResolver(schema);
  let loaded: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  return async (values, context, options) => {
    loaded ??= schema().then((found) => zodResolver(found));
    return (await loaded)(values, context, options);
  };
}

/** A form whose values are checked by a contract schema; the save receives the schema's output. */
export function useZodForm<S extends FormSchema>(
  schema: S | LazySchema<S>,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & GuardOptions = {},
): GuardedForm<z.input<S>, z.output<S>> {
  const { leavesOnSuccess, aliases, fallback, ...rest } = props;
  const [resolver] = useState(() => resolverOf(schema));
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...rest, resolver });
  return useGuardedSubmit(form, { leavesOnSuccess, aliases, fallback });
}

/**
 * Registers a number box: what the schema reads is a number, and an empty box is none at all, so that the
 * schema names the field as it does for a missing one. Default values arrive as numbers already.
 */
export const asNumber = {
  setValueAs: (value: unknown) =>
    typeof value === 'number' ? value : String(value ?? '').trim() === '' ? undefined : Number(value),
};
