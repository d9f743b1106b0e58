/**
 * The withdraw request form (spec part 2 §4, §5, §9): default 10000, an amount below the minimum refused
 * with the spec's dialog, and missing bank details answered by the 'Gagal' dialog whose OK opens the
 * profile editor.
 */
import { ZWithdrawRequest } from '@sewablast/contract/withdraw';
import { WITHDRAW_MIN, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/field.tsx';
import { FormAlert, SubmitButton } from '../../components/form.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { formatNumber } from '../../lib/format.ts';
import { useKeyKeeper } from '../../lib/idempotency-key.ts';
import { toast } from '../../lib/toast.ts';
import { useRequestWithdraw } from './api/request.ts';

export function RequestForm() {
  const navigate = useNavigate();
  const request = useRequestWithdraw();
  const [bankMissing, setBankMissing] = useState('');
  const keys = useKeyKeeper();
  // Checked on submit only: the refusal is a dialog, which must not open while the amount is being typed.
  const form = useZodForm(ZWithdrawRequest, { defaultValues: { nominal: WITHDRAW_MIN }, reValidateMode: 'onSubmit' });
  /** The amount's refusal, by the schema or the server: the spec shows it in a dialog, not under the field. */
  const refused = form.formState.errors.nominal?.message ?? '';

  const submit = form.submitWith(async ({ nominal }) => {
    try {
      await request.mutateAsync({ body: { nominal }, key: keys.keyFor({ nominal }) });
      keys.settle();
      toast.success(WITHDRAW_TEXT.requested);
    } catch (error) {
      keys.settle(error);
      if (error instanceof ApiError && error.body.code === 1) {
        setBankMissing(error.message);
        return;
      }
      throw error;
    }
  });

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Tarik Saldo</h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <FormAlert message={form.failure} />
        <Field
          {...form.register('nominal', asNumber)}
          label="Jumlah (Rp)"
          type="number"
          inputMode="numeric"
          min={WITHDRAW_MIN}
          step={1000}
          hint={`Minimal ${formatNumber(WITHDRAW_MIN)} rupiah.`}
        />
        <SubmitButton busy={form.busy} busyLabel="Mengirim...">
          Kirim Permintaan
        </SubmitButton>
      </form>
      <MessageDialog
        open={refused !== ''}
        tone="error"
        title={WITHDRAW_TEXT.failedTitle}
        message={refused}
        // The dialog gives focus back to the amount, which the refused submit had focused.
        onClose={() => form.clearErrors('nominal')}
      />
      <MessageDialog
        open={bankMissing !== ''}
        tone="error"
        title={WITHDRAW_TEXT.failedTitle}
        message={bankMissing}
        onClose={() => navigate('/profile?edit=1')}
      />
    </Card>
  );
}
