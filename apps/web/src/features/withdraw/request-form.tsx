/**
 * The withdraw request form (spec part 2 §4, §5, §9): default 10000, the spec's minimum text, and missing
 * bank details answered by the 'Gagal' dialog whose OK opens the profile editor.
 */
import { WITHDRAW_MIN, WITHDRAW_TEXT, ZWithdrawRequest } from '@sewablast/contract/withdraw';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { formatNumber } from '../../lib/format.ts';
import { useRequestWithdraw } from './api/request.ts';

export function RequestForm() {
  const navigate = useNavigate();
  const request = useRequestWithdraw();
  const [bankMissing, setBankMissing] = useState('');
  /**
   * One key per withdrawal meant: kept while the outcome is unknown (a network failure), so that a retry is
   * the same withdrawal; dropped once the server has answered, so that the next submit is a new one.
   */
  const key = useRef<{ nominal: number; value: string } | null>(null);
  const form = useZodForm(ZWithdrawRequest, { defaultValues: { nominal: WITHDRAW_MIN } });

  const submit = form.submitWith(async ({ nominal }) => {
    if (key.current?.nominal !== nominal) key.current = { nominal, value: crypto.randomUUID() };
    try {
      await request.mutateAsync({ body: { nominal }, key: key.current.value });
      key.current = null;
      toast.success(WITHDRAW_TEXT.requested);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) key.current = null;
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
        <FormField
          form={form}
          name="nominal"
          options={asNumber}
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
        open={bankMissing !== ''}
        tone="error"
        title={WITHDRAW_TEXT.failedTitle}
        message={bankMissing}
        onClose={() => navigate('/profile?edit=1')}
      />
    </Card>
  );
}
