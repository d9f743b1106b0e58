/** /phonenumber/create: a number by hand, or many from a .csv, .xlsx or .json file (spec part 2 §2). */
import {
  PHONE_IMPORT_ACCEPT,
  PHONE_TEXT,
  type TSkippedNumber,
  ZSavePhoneNumberRequest,
} from '@sewablast/contract/phonenumber';
import { FileUpload } from '../../components/file-upload.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { ImportProgress } from '../../components/import-progress.tsx';
import { ImportResult } from '../../components/import-result.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { useImportProgress } from '../../lib/use-import-progress.ts';
import { fetchSkippedNumbers, useImportPhoneNumbers, useSavePhoneNumber } from './api/phonenumbers.ts';

function ManualForm() {
  const goBack = useGoBack('/phonenumber');
  const save = useSavePhoneNumber();
  const form = useZodForm(ZSavePhoneNumberRequest, {
    defaultValues: { number: '62', name: '' },
    leavesOnSuccess: true,
  });
  return (
    <form
      onSubmit={form.submitWith(async (values) => {
        await save.mutateAsync(values);
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure} />
      <FormField form={form} name="number" label="Phone Number" inputMode="tel" placeholder="6281234567890" />
      <FormField form={form} name="name" label="Name" placeholder="Nama penerima" />
      <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
        Simpan
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const upload = useImportPhoneNumbers();
  const answer = upload.data;
  const { progress, begin, sent, end } = useImportProgress();
  const importFile = (file: File) =>
    upload.mutateAsync({ file, importId: begin(file.size), onSent: sent }).finally(end);
  return (
    <>
      <PageHeader title="Tambah Phone Number" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="h-fit p-6">
          <h2 className="mb-4 font-semibold text-slate-900 dark:text-white">Input Manual</h2>
          <ManualForm />
        </Card>
        <Card className="h-fit p-6">
          <h2 className="mb-1 font-semibold text-slate-900 dark:text-white">Upload File</h2>
          <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{PHONE_TEXT.importHint}</p>
          <FileUpload
            accept={PHONE_IMPORT_ACCEPT}
            label={PHONE_TEXT.importLabel}
            onUpload={importFile}
            progress={progress && <ImportProgress progress={progress} />}
          />
          {answer && (
            <div className="mt-6">
              <ImportResult<TSkippedNumber>
                created={answer.created}
                skippedTotal={answer.skippedTotal}
                skipped={answer.skipped}
                loadAll={(onProgress) => fetchSkippedNumbers(answer, onProgress)}
                noun="nomor"
                columns={[
                  { header: 'number', cell: (row) => row.number },
                  { header: 'name', cell: (row) => row.name },
                ]}
                files={{ csv: 'phone_numbers_skipped.csv', json: 'phone_numbers_skipped.json' }}
              />
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
