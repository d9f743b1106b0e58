/** /phonenumber/edit?id=: number, name and the active checkbox; saving goes back (spec part 2 §2). */
import { type TPhoneNumber, ZUpdatePhoneNumberRequest } from '@sewablast/contract/phonenumber';
import { useSearchParams } from 'react-router';
import { FormAlert, FormField, StatusCheckbox, SubmitButton } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { RecordLoader } from '../../components/record-loader.tsx';
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
  const id = Number(params.get('id')) || null;
  const current = usePhoneNumber(id);
  return (
    <>
      <PageHeader title="Edit Phone Number" />
      <Card className="max-w-xl p-6">
        <RecordLoader id={id} query={current}>
          {({ phonenumber }) => <EditForm row={phonenumber} />}
        </RecordLoader>
      </Card>
    </>
  );
}
