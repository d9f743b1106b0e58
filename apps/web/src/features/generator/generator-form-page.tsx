/**
 * /generator/create, and editing with `?id=` (spec part 2 §2, §5, §9): the number range (locked once
 * created), the account, the intervals (1 and 2 by default) and 'Simpan ke dalam daftar'. Submit waits for
 * both numbers and a real account; a save goes back one page.
 */
import {
  GENERATOR_TEXT,
  type TGenerator,
  ZGeneratorCreateRequest,
  ZGeneratorUpdateRequest,
} from '@sewablast/contract/generator';
import { JOB_INTERVAL_DEFAULT, JOB_TEXT } from '@sewablast/contract/jobs';
import { useSearchParams } from 'react-router';
import { Field } from '../../components/field.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { RecordLoader } from '../../components/record-loader.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { JobSettingsFields, useNewAccountChosen } from '../jobs/job-settings-fields.tsx';
import { useUserAccounts } from '../jobs/use-user-accounts.ts';
import { useGenerator, useSaveGenerator } from './api/generators.ts';

const LIST = '/generator/list';

function CreateForm({ userId }: { userId: number | null }) {
  const goBack = useGoBack(LIST);
  const save = useSaveGenerator(null);
  const accounts = useUserAccounts(userId);
  const form = useZodForm(ZGeneratorCreateRequest, {
    defaultValues: {
      start_number: '',
      end_number: '',
      whatsapp_id: '',
      interval_min: JOB_INTERVAL_DEFAULT.min,
      interval_max: JOB_INTERVAL_DEFAULT.max,
      b_insert: false,
    },
    leavesOnSuccess: true,
  });
  const newChosen = useNewAccountChosen(form);
  const [start, end] = form.watch(['start_number', 'end_number']);
  const blank = !String(start ?? '').trim() || !String(end ?? '').trim();

  return (
    <form
      onSubmit={form.submitWith(async (values) => {
        const answer = await save.mutateAsync(values);
        toast.success(answer.msg);
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure || accounts.error?.message || ''} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="start_number" label={GENERATOR_TEXT.startNumber} inputMode="numeric" />
        <FormField form={form} name="end_number" label={GENERATOR_TEXT.endNumber} inputMode="numeric" />
      </div>
      <JobSettingsFields form={form} accounts={accounts.data?.list} type="generator" />
      <SubmitButton busy={form.busy} busyLabel={JOB_TEXT.saving} disabled={newChosen || blank}>
        {JOB_TEXT.submit}
      </SubmitButton>
    </form>
  );
}

function EditForm({ generator }: { generator: TGenerator }) {
  const goBack = useGoBack(LIST);
  const save = useSaveGenerator(generator.id);
  // The owner's accounts: a dev may edit anyone's generator.
  const accounts = useUserAccounts(generator.user_id);
  const form = useZodForm(ZGeneratorUpdateRequest, {
    defaultValues: {
      whatsapp_id: generator.whatsapp_id === null ? '' : String(generator.whatsapp_id),
      interval_min: generator.interval_min,
      interval_max: generator.interval_max,
      b_insert: generator.b_insert === 1,
    },
    leavesOnSuccess: true,
  });
  const newChosen = useNewAccountChosen(form);

  return (
    <form
      onSubmit={form.submitWith(async (values) => {
        const answer = await save.mutateAsync(values);
        toast.success(answer.msg);
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure || accounts.error?.message || ''} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={GENERATOR_TEXT.startNumber}
          value={generator.start_number}
          readOnly
          hint={GENERATOR_TEXT.locked}
        />
        <Field label={GENERATOR_TEXT.endNumber} value={generator.end_number} readOnly hint={GENERATOR_TEXT.locked} />
      </div>
      <JobSettingsFields form={form} accounts={accounts.data?.list} type="generator" saved={generator.Whatsapp} />
      <SubmitButton busy={form.busy} busyLabel={JOB_TEXT.saving} disabled={newChosen}>
        {JOB_TEXT.submit}
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) || null : null;
  const editing = params.has('id');
  const existing = useGenerator(id);
  return (
    <>
      <PageHeader title={editing ? GENERATOR_TEXT.editTitle : GENERATOR_TEXT.formTitle} />
      <Card className="max-w-2xl p-6">
        {editing ? (
          <RecordLoader id={id} query={existing}>
            {(answer) => <EditForm generator={answer.generator} />}
          </RecordLoader>
        ) : (
          <CreateForm userId={user?.id ?? null} />
        )}
      </Card>
    </>
  );
}
