/**
 * 'Interval Whatsapp Blast' of 'Edit Member' (spec part 2 §2 Member edit): the member's own send intervals in
 * seconds; empty boxes leave the settings' interval in force. Saved, the page goes back.
 */
import { MEMBER_TEXT, ZMemberIntervals } from '@sewablast/contract/members';
import type { TUser } from '@sewablast/contract/users';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { Card } from '../../components/page-header.tsx';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveIntervals } from './api/members.ts';

export function IntervalSection({ user }: { user: TUser }) {
  const goBack = useGoBack('/member');
  const save = useSaveIntervals(user.id);
  const form = useZodForm(ZMemberIntervals, {
    defaultValues: { blast_interval_min: user.blast_interval_min, blast_interval_max: user.blast_interval_max },
    leavesOnSuccess: true,
  });
  return (
    <Card className="max-w-2xl p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{MEMBER_TEXT.intervalForm}</h2>
      <form
        noValidate
        className="space-y-5"
        onSubmit={form.submitWith(async (values) => {
          await save.mutateAsync(values);
          toast.success(MEMBER_TEXT.saved);
          goBack();
        })}
      >
        <FormAlert message={form.failure} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            form={form}
            name="blast_interval_min"
            options={asNumber}
            label={MEMBER_TEXT.intervalMin}
            type="number"
            inputMode="numeric"
            min={1}
          />
          <FormField
            form={form}
            name="blast_interval_max"
            options={asNumber}
            label={MEMBER_TEXT.intervalMax}
            type="number"
            inputMode="numeric"
            min={1}
          />
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{MEMBER_TEXT.intervalHint}</p>
        <SubmitButton busy={form.busy} busyLabel={MEMBER_TEXT.saving}>
          {MEMBER_TEXT.save}
        </SubmitButton>
      </form>
    </Card>
  );
}
