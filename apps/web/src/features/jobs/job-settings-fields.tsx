/**
 * The settings a generator form and a validator form share (spec part 2 §2, §9): the 'Whatsapp Generator'
 * account select with 'Daftar Baru', Interval Min and Max, and 'Simpan ke dalam daftar'. Choosing 'Daftar
 * Baru' goes to link a new account (`/whatsapp/create/?type=…`), and a 'Go' link shows while it is chosen.
 * The select is controlled by the form's value: left to itself, a browser shows the first choice it may
 * ('Daftar Baru') for a value whose option is not there yet, and keeps showing it once the accounts arrive.
 * Back from linking, the account just linked is chosen (lib/linked-handoff.ts).
 */

import type { TJobWhatsapp } from '@sewablast/contract/jobs';
import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { TWhatsapp } from '@sewablast/contract/whatsapp';
import { useEffect } from 'react';
import { type FieldValues, type Path, type PathValue, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { FormCheckbox, FormField } from '../../components/form.tsx';
import { asNumber, type GuardedForm } from '../../lib/form.ts';
import { takeLinked } from '../../lib/linked-handoff.ts';

/** The select's value for 'Daftar Baru'. */
export const NEW_ACCOUNT = 'new';

interface JobSettingsFieldsProps<T extends FieldValues, Out> {
  form: GuardedForm<T, Out>;
  /** The user's linked accounts; undefined while they load. */
  accounts: TWhatsapp[] | undefined;
  /** Which form asks for a new account: the link screen says what it is for. */
  type: 'generator' | 'validator';
  /** An edited job's account, offered even when it is no longer among the linked ones. */
  saved?: TJobWhatsapp | null;
}

export function JobSettingsFields<T extends FieldValues, Out>({
  form,
  accounts,
  type,
  saved,
}: JobSettingsFieldsProps<T, Out>) {
  const navigate = useNavigate();
  const name = 'whatsapp_id' as Path<T>;
  const chosen = useWatch({ control: form.control, name });
  const error = (form.formState.errors.whatsapp_id as { message?: string } | undefined)?.message;
  const linked = (accounts ?? []).filter((account) => account.phonenumber);
  const unlisted = accounts !== undefined && saved && !linked.some((account) => account.id === saved.id) ? saved : null;

  // Back from 'Daftar Baru', the form takes the account just linked; else a new job takes the first account
  // once they have loaded, so that the usual case needs no choice.
  const first = linked[0]?.id;
  const linkedIds = linked.map((account) => account.id).join();
  const { setValue, getValues } = form;
  useEffect(() => {
    const ids = linkedIds ? linkedIds.split(',').map(Number) : [];
    const justLinked = takeLinked(type, ids);
    if (justLinked !== null) setValue(name, String(justLinked) as PathValue<T, Path<T>>, { shouldDirty: true });
    else if (first !== undefined && !getValues(name)) setValue(name, String(first) as PathValue<T, Path<T>>);
  }, [first, linkedIds, type, getValues, setValue, name]);

  const field = form.register(name, {
    onChange: (event: { target: { value: string } }) => {
      if (event.target.value === NEW_ACCOUNT) navigate(`/whatsapp/create/?type=${type}`);
    },
  });

  return (
    <>
      <FieldFrame label={JOB_TEXT.whatsapp} htmlFor="job-whatsapp" error={error}>
        <div className="flex items-center gap-3">
          <select
            id="job-whatsapp"
            {...field}
            // Until the accounts are there, the placeholder ('Loading...') rather than a choice that is not.
            value={accounts === undefined ? '' : String(chosen ?? '')}
            disabled={accounts === undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'job-whatsapp-error' : undefined}
            className={inputClass(Boolean(error))}
          >
            <option value="" disabled>
              {accounts === undefined ? JOB_TEXT.loading : JOB_TEXT.whatsappRequired}
            </option>
            <option value={NEW_ACCOUNT}>{JOB_TEXT.newAccount}</option>
            {linked.map((account) => (
              <option key={account.id} value={String(account.id)}>
                {account.phonenumber}
              </option>
            ))}
            {unlisted && (
              <option value={String(unlisted.id)}>
                {unlisted.phonenumber ?? unlisted.pushname ?? unlisted.clientid}
              </option>
            )}
          </select>
          {String(chosen) === NEW_ACCOUNT && (
            <Link
              to="/whatsapp/create"
              className="shrink-0 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {JOB_TEXT.go}
            </Link>
          )}
        </div>
      </FieldFrame>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          form={form}
          name={'interval_min' as Path<T>}
          options={asNumber}
          label={JOB_TEXT.intervalMin}
          type="number"
          inputMode="numeric"
          min={1}
        />
        <FormField
          form={form}
          name={'interval_max' as Path<T>}
          options={asNumber}
          label={JOB_TEXT.intervalMax}
          type="number"
          inputMode="numeric"
          min={1}
        />
      </div>
      <FormCheckbox form={form} name={'b_insert' as Path<T>} label={JOB_TEXT.saveToList} />
    </>
  );
}

/** Whether the form's account choice is 'Daftar Baru', which blocks the submit (spec part 2 §2, §5). */
export function useNewAccountChosen<T extends FieldValues, Out>(form: GuardedForm<T, Out>): boolean {
  return String(useWatch({ control: form.control, name: 'whatsapp_id' as Path<T> })) === NEW_ACCOUNT;
}
