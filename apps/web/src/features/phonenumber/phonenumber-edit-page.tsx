/** /phonenumber/edit?id=: number, name and the active checkbox; saving goes back (spec part 2 §2). */
import { type TPhoneNumber, ZUpdatePhoneNumberRequest } from '@sewablast/contract/phonenumber';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { FormAlert, FormField, StatusCheckbox, SubmitButton } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { usePhoneNumber, useUpdatePhoneNumber } from './api/phonenumbers.ts';

/** The edit form sends every field, though the call takes any of them. */
const ZEditPhoneNumber = ZUpdatePhoneNumberRequest.required();

function EditForm({ row }: { row: TPhoneNumber }) {
  const goBack = useGoBack('/phonenumber');
  const update = useUpdatePhoneNumber(row.id);
  const form = useZodForm(ZEditPhoneNumber, {
    defaultValues: { number: row.number, name: row.name, status: row.status },
    leavesOnSuccess: true,
  });
  return (
    <form
      onSubmit={form.submitWith(async (values) => {
        await update.mutateAsync(values);
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure} />
      <FormField form={form} name="number" label="Phone Number" inputMode="tel" />
      <FormField form={form} name="name" label="Name" />
      <StatusCheckbox form={form} name="status" label="Aktif" />
      <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
        Simpan
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const current = usePhoneNumber(id || null);
  return (
    <>
      <PageHeader title="Edit Phone Number" />
      <Card className="max-w-xl p-6">
        {!id ? (
          <Alert tone="error">No Data</Alert>
        ) : current.isPending ? (
          <div className="py-10 text-center text-brand-600">
            <Spinner size={24} />
          </div>
        ) : current.error ? (
          <Alert tone="error">{current.error.message}</Alert>
        ) : (
          <EditForm row={current.data.phonenumber} />
        )}
      </Card>
    </>
  );
}
