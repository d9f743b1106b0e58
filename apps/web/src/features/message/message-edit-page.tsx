/** /message/edit?id=: the template form prefilled, with its status (spec part 2 §2). */
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useMessage, useSaveMessage } from './api/messages.ts';
import { TemplateForm } from './components/template-form.tsx';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
            saving={save.isPending}
            serverError={save.error?.message ?? ''}
            onSubmit={(form) => save.mutate(form, { onSuccess: () => navigate(-1) })}
            onCancel={() => navigate(-1)}
          />
        )}
      </Card>
    </>
  );
}
