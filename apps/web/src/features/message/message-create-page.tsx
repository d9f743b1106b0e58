/** /message/create: the template form, and a panel to upload templates as JSON (spec part 2 §2). */
import type { TMessageImportResponse } from '@sewablast/contract/message';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { useImportMessages, useSaveMessage } from './api/messages.ts';
import { TemplateForm } from './components/template-form.tsx';

function ImportPanel() {
  const upload = useImportMessages();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TMessageImportResponse | null>(null);
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError('Pilih file .json terlebih dahulu.');
      return;
    }
    if (!file.name.toLowerCase().endsWith('.json')) {
      setError('File harus berformat .json.');
      return;
    }
    setError('');
    upload.mutate(file, { onSuccess: setResult, onError: (failure) => setError(failure.message) });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {result && (
        <Alert tone={result.skipped.length ? 'info' : 'success'}>
          {result.created} template ditambahkan.
          {result.skipped.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {result.skipped.slice(0, 5).map((item) => (
                <li key={item.index}>
                  Item #{item.index + 1}: {item.reason}
                </li>
              ))}
              {result.skipped.length > 5 && <li>dan {result.skipped.length - 5} item lain dilewati.</li>}
            </ul>
          )}
        </Alert>
      )}
      <input
        type="file"
        accept=".json,application/json"
        aria-label="File JSON template"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setResult(null);
        }}
        className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 dark:text-slate-400 dark:file:bg-brand-600/20 dark:file:text-brand-500"
      />
      <Button type="submit" variant="secondary" loading={upload.isPending}>
        Upload JSON
      </Button>
    </form>
  );
}

export function Component() {
  const navigate = useNavigate();
  const save = useSaveMessage(null);
  return (
    <>
      <PageHeader title="Tambah Template Pesan" />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <Card className="p-6">
          <TemplateForm
            saving={save.isPending}
            serverError={save.error?.message ?? ''}
            onSubmit={(form) => save.mutate(form, { onSuccess: () => navigate(-1) })}
            onCancel={() => navigate(-1)}
          />
        </Card>
        <Card className="h-fit p-6">
          <h2 className="mb-1 font-semibold text-slate-900 dark:text-white">Upload JSON</h2>
          <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">
            Tambahkan banyak template dari file hasil Export JSON.
          </p>
          <ImportPanel />
        </Card>
      </div>
    </>
  );
}
