/** /proxy/create: one proxy by hand, or many from a .csv, .xlsx or .json file (spec part 2 §2). */
import { PROXY_IMPORT_ACCEPT, PROXY_TEXT, type TSkippedProxy, ZSaveProxyRequest } from '@sewablast/contract/proxy';
import { FileUpload } from '../../components/file-upload.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { ImportResult } from '../../components/import-result.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { fetchSkippedProxies, useImportProxies, useSaveProxy } from './api/proxies.ts';

function ManualForm() {
  const goBack = useGoBack('/proxy');
  const save = useSaveProxy();
  const form = useZodForm(ZSaveProxyRequest, { defaultValues: { value: '' }, leavesOnSuccess: true });
  return (
    <form
      onSubmit={form.submitWith(async ({ value }) => {
        await save.mutateAsync(value);
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure} />
      <FormField
        form={form}
        name="value"
        label="Proxy"
        placeholder="user:pass@host:port"
        hint="host:port, user:pass@host:port, atau http://, https://, socks5://"
      />
      <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
        Simpan
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const upload = useImportProxies();
  const answer = upload.data;
  return (
    <>
      <PageHeader title="Tambah Proxy" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="h-fit p-6">
          <h2 className="mb-4 font-semibold text-slate-900 dark:text-white">Input Manual</h2>
          <ManualForm />
        </Card>
        <Card className="h-fit p-6">
          <h2 className="mb-1 font-semibold text-slate-900 dark:text-white">Upload File</h2>
          <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{PROXY_TEXT.importHint}</p>
          <FileUpload accept={PROXY_IMPORT_ACCEPT} onUpload={upload.mutateAsync} />
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
