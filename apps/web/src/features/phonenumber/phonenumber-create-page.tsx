/** /phonenumber/create: a number by hand, or many from a .csv or .json file (spec part 2 §2). */
import { type TSkippedNumber, ZSavePhoneNumberRequest } from '@sewablast/contract/phonenumber';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FileUpload } from '../../components/file-upload.tsx';
import { ImportResult } from '../../components/import-result.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { fetchSkippedNumbers, useImportPhoneNumbers, useSavePhoneNumber } from './api/phonenumbers.ts';

type Fields = 'number' | 'name';

function ManualForm() {
  const navigate = useNavigate();
  const save = useSavePhoneNumber();
  const [values, setValues] = useState<Record<Fields, string>>({ number: '62', name: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState('');

  const edit = (field: Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ZSavePhoneNumberRequest.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrorsOf<Fields>(checked.error));
      return;
    }
    setFailure('');
    save.mutate(values, {
      onSuccess: () => navigate(-1),
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors);
        else setFailure(error.message);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field
        label="Phone Number"
        name="number"
        inputMode="tel"
        placeholder="6281234567890"
        value={values.number}
        onChange={edit('number')}
        error={errors.number}
      />
      <Field
        label="Name"
        name="name"
        placeholder="Nama penerima"
        value={values.name}
        onChange={edit('name')}
        error={errors.name}
      />
      <Button type="submit" loading={save.isPending}>
        {save.isPending ? 'Menyimpan...' : 'Simpan'}
      </Button>
    </form>
  );
}

export function Component() {
  const upload = useImportPhoneNumbers();
  const answer = upload.data;
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
          <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">
            CSV dengan kolom <code>number,name</code> (header boleh tidak ada) atau JSON berisi{' '}
            <code>[{'{"number", "name"}'}]</code>.
          </p>
          <FileUpload
            accept={['.csv', '.json']}
            uploading={upload.isPending}
            error={upload.error?.message ?? ''}
            onUpload={(file) => upload.mutate(file)}
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
