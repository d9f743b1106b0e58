/** /message/create: the template form, and a panel to upload templates as JSON (spec part 2 §2). */
import { Alert } from '../../components/alert.tsx';
import { FileUpload } from '../../components/file-upload.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { useGoBack } from '../../lib/go-back.ts';
import { useImportMessages, useSaveMessage } from './api/messages.ts';
import { TemplateForm } from './components/template-form.tsx';

const SHOWN = 5;

function ImportPanel() {
  const upload = useImportMessages();
  const result = upload.data;
  return (
    <div className="space-y-4">
      {result && (
        <Alert tone={result.skipped.length ? 'info' : 'success'}>
          {result.created} template ditambahkan.
          {result.skipped.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {result.skipped.slice(0, SHOWN).map((item) => (
                <li key={item.index}>
                  Item #{item.index + 1}: {item.reason}
                </li>
              ))}
              {result.skipped.length > SHOWN && <li>dan {result.skipped.length - SHOWN} item lain dilewati.</li>}
            </ul>
          )}
        </Alert>
      )}
      <FileUpload
        accept={['.json']}
        label="File JSON template"
        submitLabel="Upload JSON"
        onUpload={upload.mutateAsync}
      />
    </div>
  );
}

export function Component() {
  const goBack = useGoBack('/message');
  const save = useSaveMessage(null);
  return (
    <>
      <PageHeader title="Tambah Template Pesan" />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <Card className="p-6">
          <TemplateForm
            onSave={async (form) => {
              await save.mutateAsync(form);
              goBack();
            }}
            onCancel={goBack}
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
