/** /proxy/create: one proxy by hand, or many from a .csv or .json file (spec part 2 §2). */
import { type TSkippedProxy, ZSaveProxyRequest } from '@sewablast/contract/proxy';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FileUpload } from '../../components/file-upload.tsx';
import { ImportResult } from '../../components/import-result.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { fetchSkippedProxies, useImportProxies, useSaveProxy } from './api/proxies.ts';

export function Component() {
  const navigate = useNavigate();
  const save = useSaveProxy();
  const upload = useImportProxies();
  const answer = upload.data;
  const [value, setValue] = useState('');
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ZSaveProxyRequest.safeParse({ value });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '');
      return;
    }
    save.mutate(checked.data.value, { onSuccess: () => navigate(-1), onError: (failure) => setError(failure.message) });
  }

  return (
    <>
      <PageHeader title="Tambah Proxy" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="h-fit p-6">
          <h2 className="mb-4 font-semibold text-slate-900 dark:text-white">Input Manual</h2>
          <form onSubmit={submit} noValidate className="space-y-5">
            <Field
              label="Proxy"
              name="value"
              placeholder="user:pass@host:port"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError('');
              }}
              error={error}
              hint="host:port, user:pass@host:port, atau http://, https://, socks5://"
            />
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? 'Menyimpan...' : 'Simpan'}
            </Button>
          </form>
        </Card>
        <Card className="h-fit p-6">
          <h2 className="mb-1 font-semibold text-slate-900 dark:text-white">Upload File</h2>
          <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">
            CSV satu proxy per baris, atau JSON berisi daftar proxy.
          </p>
          <FileUpload
            accept={['.csv', '.json']}
            uploading={upload.isPending}
            error={upload.error?.message ?? ''}
            onUpload={(file) => upload.mutate(file)}
          />
          {answer && (
            <div className="mt-6">
              <ImportResult<TSkippedProxy>
                created={answer.created}
                skippedTotal={answer.skippedTotal}
                skipped={answer.skipped}
                loadAll={(onProgress) => fetchSkippedProxies(answer, onProgress)}
                noun="proxy"
                columns={[{ header: 'value', cell: (row) => row.value }]}
                files={{ csv: 'proxies_skipped.csv', json: 'proxies_skipped.json' }}
              />
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
