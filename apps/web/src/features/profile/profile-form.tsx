/**
 * The edit modal's form (spec part 2 §2 Profile, §5): name, email, bank details and an optional new
 * password. A new password, a new email or a new payout bank account asks for the current password (the
 * field shows only then). A saved password change answers a fresh token: this tab goes on with it while
 * every other session ends. The header's name follows the saved user.
 */
import { changesGuarded, PROFILE_TEXT, profileFormFor, type TProfileFormValues } from '@sewablast/contract/profile';
import type { TUser } from '@sewablast/contract/users';
import { useMemo } from 'react';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { useZodForm } from '../../lib/form.ts';
import { replaceToken, storeUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useUpdateProfile } from './api/profile.ts';
import { BankSelect } from './bank-select.tsx';

const { labels } = PROFILE_TEXT;

function valuesOf(user: TUser): TProfileFormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    account_bank: user.account_bank ?? '',
    account_number: user.account_number ?? '',
    account_name: user.account_name ?? '',
    password: '',
    current_password: '',
  };
}

export function ProfileForm({ user, onDone }: { user: TUser; onDone: () => void }) {
  const update = useUpdateProfile(user.id);
  const schema = useMemo(() => profileFormFor(user), [user]);
  const form = useZodForm(schema, { defaultValues: valuesOf(user), leavesOnSuccess: true });
  const [password, email, bank, number, name] = form.watch([
    'password',
    'email',
    'account_bank',
    'account_number',
    'account_name',
  ]);
  const asksCurrent =
    password !== '' ||
    changesGuarded(user, {
      email: email.trim().toLowerCase(),
      account_bank: bank.trim() || null,
      account_number: number.trim() || null,
      account_name: name.trim() || null,
    });

  const submit = form.submitWith(async (body) => {
    const answer = await update.mutateAsync(body);
    if (answer.token) replaceToken(answer.token);
    storeUser(answer.user);
    toast.success(PROFILE_TEXT.saved);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormAlert message={form.failure} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="firstname" label={labels.firstname} autoComplete="given-name" />
        <FormField form={form} name="lastname" label={labels.lastname} autoComplete="family-name" />
      </div>
      <FormField form={form} name="email" label={labels.email} type="email" autoComplete="email" />
      <BankSelect form={form} current={user.account_bank} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="account_number" label={labels.accountNumber} inputMode="numeric" />
        <FormField form={form} name="account_name" label={labels.accountName} />
      </div>
      <FormField
        form={form}
        name="password"
        label={labels.password}
        type="password"
        placeholder={PROFILE_TEXT.passwordPlaceholder}
        autoComplete="new-password"
        hint={PROFILE_TEXT.passwordHint}
      />
      {asksCurrent && (
        <FormField
          form={form}
          name="current_password"
          label={labels.currentPassword}
          type="password"
          autoComplete="current-password"
          hint={PROFILE_TEXT.currentPasswordHint}
        />
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          {PROFILE_TEXT.cancel}
        </Button>
        <SubmitButton busy={form.busy} busyLabel={PROFILE_TEXT.saving}>
          {PROFILE_TEXT.save}
        </SubmitButton>
      </div>
    </form>
  );
}
