/** /message/edit?id=: the template form prefilled, with its status (spec part 2 §2). */
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useGoBack } from '../../lib/go-back.ts';
import { useMessage, useSaveMessage } from './api/messages.ts';
import { TemplateForm } from './components/template-form.tsx';

export function Component() {
  const [params] = useSearchParams();
  const goBack = useGoBack('/message');
  const id = Number(params.get('id')) || null;
  const message = useMessage(id);
  const save = useSaveMessage(id);
  return (
    <>
      <PageHeader title="Edit Template Pesan" />
      <Card className="max-w-3xl p-6">
        {id === null ? (
          <Alert tone="error">No Data</Alert>
        ) : message.isPending ? (
          <div className="py-10 text-center text-brand-600">
            <Spinner size={24} />
          </div>
        ) : message.error ? (
          <Alert tone="error">{message.error.message}</Alert>
        ) : (
          <TemplateForm
            initial={message.data.message}
            onSave={async (form) => {
              await save.mutateAsync(form);
              goBack();
            }}
            onCancel={goBack}
          />
        )}
      </Card>
    </>
  );
}
