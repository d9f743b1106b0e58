/** /message/edit?id=: the template form prefilled, with its status (spec part 2 §2). */
import { useSearchParams } from 'react-router';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { RecordLoader } from '../../components/record-loader.tsx';
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
        <RecordLoader id={id} query={message}>
          {(found) => (
            <TemplateForm
              initial={found.message}
              onSave={async (form) => {
                await save.mutateAsync(form);
                goBack();
              }}
              onCancel={goBack}
            />
          )}
        </RecordLoader>
      </Card>
    </>
  );
}
