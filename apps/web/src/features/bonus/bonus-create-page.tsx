/**
 * /bonus/create (spec part 2 §2 Bonus, §5): the member (preselected by `id` from 'Beri Bonus'), the amount and
 * the reason; 'Berhasil / Bonus berhasil dikirim.' then back. The giver is the caller: the server takes it
 * from the token, so the form never sends `adminId`. A second click while sending sends nothing, and a retry
 * after a failure on the way goes with the same `Idempotency-Key`, so the member is paid once.
 */
import { ZBonusForm } from '@sewablast/contract/bonus';
import { BONUS_TEXT } from '@sewablast/contract/bonus-text';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, FormTextArea, SubmitButton } from '../../components/form.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { useKeyKeeper } from '../../lib/idempotency-key.ts';
import { useCreateBonus } from './api/bonuses.ts';
import { MemberPicker } from './member-picker.tsx';

function idOf(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function Component() {
  const [params] = useSearchParams();
  const preselected = idOf(params.get('id'));
  const goBack = useGoBack('/bonus');
  const create = useCreateBonus();
  const [sent, setSent] = useState(false);
  const form = useZodForm(ZBonusForm, {
    defaultValues: { userId: preselected ?? undefined, reason: '' },
    leavesOnSuccess: true,
  });
  const member = useController({ control: form.control, name: 'userId' });
  const keys = useKeyKeeper();

  return (
    <>
      <PageHeader title={BONUS_TEXT.createTitle} />
      <Card className="max-w-2xl p-6">
        <form
          noValidate
          className="space-y-5"
          onSubmit={form.submitWith(async (values) => {
            try {
              await create.mutateAsync({ body: values, key: keys.keyFor(values) });
            } catch (error) {
              keys.settle(error);
              throw error;
            }
            keys.settle();
            setSent(true);
          })}
        >
          <FormAlert message={form.failure} />
          <MemberPicker
            value={member.field.value}
            onChange={member.field.onChange}
            preselected={preselected}
            error={member.fieldState.error?.message}
            inputRef={member.field.ref}
          />
          <FormField
            form={form}
            name="nominal"
            options={asNumber}
            label={BONUS_TEXT.nominalLabel}
            type="number"
            inputMode="numeric"
            min={1}
          />
          <FormTextArea form={form} name="reason" label={BONUS_TEXT.reasonLabel} rows={3} />
          <div className="flex gap-3">
            <SubmitButton busy={form.busy} busyLabel={BONUS_TEXT.sending}>
              {BONUS_TEXT.send}
            </SubmitButton>
            <Button variant="secondary" onClick={goBack}>
              {BONUS_TEXT.cancel}
            </Button>
          </div>
        </form>
      </Card>
      <MessageDialog open={sent} title={BONUS_TEXT.successTitle} message={BONUS_TEXT.created} onClose={goBack} />
    </>
  );
}
