/**
 * /validator/create 'Tambah Akun Validator', and editing with `?id=` (spec part 2 §2, §5, §9): the file of
 * numbers (create only: .csv, .json or .xlsx), Interval Min and Max ('1' and '2' at first), the account and
 * 'Simpan ke dalam daftar'. Submit waits for a file (when creating) and a real account; a save goes back.
 */
import { JOB_INTERVAL_DEFAULT, JOB_TEXT } from '@sewablast/contract/jobs';
import {
  type TValidator,
  type TValidatorCreateFields,
  VALIDATOR_TEXT,
  ZValidatorCreateFields,
} from '@sewablast/contract/validator';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FieldFrame, SCROLL_MARGIN } from '../../components/field.tsx';
import { FormAlert, SubmitButton } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { RecordLoader } from '../../components/record-loader.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { JobSettingsFields, useNewAccountChosen } from '../jobs/job-settings-fields.tsx';
import { useUserAccounts } from '../jobs/use-user-accounts.ts';
import { useSaveValidator, useValidator } from './api/validators.ts';

const ACCEPTED = VALIDATOR_TEXT.accept.split(',');

/** The multipart body of create and update (spec part 2 §7): the settings as text, and the file on create. */
function formDataOf(values: { whatsapp_id: number; interval_min: number; interval_max: number; b_insert: boolean }) {
  const body = new FormData();
  body.append('whatsapp_id', String(values.whatsapp_id));
  body.append('interval_min', String(values.interval_min));
  body.append('interval_max', String(values.interval_max));
  body.append('b_insert', values.b_insert ? '1' : '0');
  return body;
}

function FileField({ onFile, error }: { onFile: (file: File | null) => void; error: string }) {
  const id = useId();
  return (
    <FieldFrame label={VALIDATOR_TEXT.file} htmlFor={id} error={error} hint={ACCEPTED.join(', ')}>
      <input
        id={id}
        type="file"
        accept={VALIDATOR_TEXT.accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        className={`${SCROLL_MARGIN} block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-400 dark:file:bg-brand-600/20 dark:file:text-brand-500`}
      />
    </FieldFrame>
  );
}

function ValidatorForm({ validator, userId }: { validator: TValidator | null; userId: number | null }) {
  const goBack = useGoBack('/validator/list');
  const save = useSaveValidator(validator?.id ?? null);
  // When editing, the owner's accounts: a dev may edit anyone's validator.
  const accounts = useUserAccounts(validator?.user_id ?? userId);
  const [file, setFile] = useState<File | null>(null);
  const badFile = file !== null && !ACCEPTED.some((extension) => file.name.toLowerCase().endsWith(extension));
  const defaults: TValidatorCreateFields = validator
    ? {
        whatsapp_id: validator.whatsapp_id === null ? '' : String(validator.whatsapp_id),
        interval_min: validator.interval_min,
        interval_max: validator.interval_max,
        b_insert: validator.b_insert === 1,
      }
    : {
        whatsapp_id: '',
        interval_min: JOB_INTERVAL_DEFAULT.min,
        interval_max: JOB_INTERVAL_DEFAULT.max,
        b_insert: false,
      };
  const form = useZodForm(ZValidatorCreateFields, { defaultValues: defaults, leavesOnSuccess: true });
  const newChosen = useNewAccountChosen(form);
  const needsFile = validator === null && (file === null || badFile);

  return (
    <form
      onSubmit={form.submitWith(async (values) => {
        const body = formDataOf(values);
        if (file) body.append('file', file);
        const answer = await save.mutateAsync(body);
        toast.success('total' in answer ? VALIDATOR_TEXT.counted(answer.total, answer.skipped) : answer.msg);
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure || accounts.error?.message || ''} />
      {validator === null && <FileField onFile={setFile} error={badFile ? VALIDATOR_TEXT.fileType : ''} />}
      <JobSettingsFields form={form} accounts={accounts.data?.list} type="validator" saved={validator?.Whatsapp} />
      <SubmitButton busy={form.busy} busyLabel={JOB_TEXT.saving} disabled={newChosen || needsFile}>
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
  const existing = useValidator(id);
  return (
    <>
      <PageHeader title={editing ? VALIDATOR_TEXT.editTitle : VALIDATOR_TEXT.formTitle} />
      <Card className="max-w-2xl p-6">
        {editing ? (
          <RecordLoader id={id} query={existing}>
            {(answer) => <ValidatorForm validator={answer.validator} userId={user?.id ?? null} />}
          </RecordLoader>
        ) : (
          <ValidatorForm validator={null} userId={user?.id ?? null} />
        )}
      </Card>
    </>
  );
}
