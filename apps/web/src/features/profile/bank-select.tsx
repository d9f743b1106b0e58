/**
 * The bank of the profile form: a choice among the settings' banks (spec part 2 §5), or 'Daftar Bank Tidak
 * Tersedia' when the settings name none. A bank the user already has stays on offer even when the list
 * no longer names it, so that saving the form never drops it unasked.
 */
import { PROFILE_TEXT, type TProfileFormValues } from '@sewablast/contract/profile';
import type { UseFormReturn } from 'react-hook-form';
import { FieldFrame, inputClass } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useBankNames } from './api/profile.ts';

const ID = 'profile-bank';

export function BankSelect<Out>({
  form,
  current,
}: {
  form: UseFormReturn<TProfileFormValues, unknown, Out>;
  current: string | null;
}) {
  const banks = useBankNames();
  const error = form.formState.errors.account_bank?.message;
  const listed = banks.data ?? [];
  const options = current && !listed.includes(current) ? [...listed, current] : listed;
  return (
    <FieldFrame
      label={PROFILE_TEXT.labels.bank}
      htmlFor={ID}
      error={error}
      hint={!banks.isPending && listed.length === 0 ? PROFILE_TEXT.noBanks : undefined}
    >
      {banks.isPending ? (
        <div className="py-2 text-brand-600">
          <Spinner />
        </div>
      ) : (
        <select
          id={ID}
          {...form.register('account_bank')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ID}-error` : undefined}
          className={inputClass(Boolean(error))}
        >
          <option value="">{options.length ? PROFILE_TEXT.chooseBank : PROFILE_TEXT.noBanks}</option>
          {options.map((bank) => (
            <option key={bank} value={bank}>
              {bank}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
