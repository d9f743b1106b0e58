/** /level/create and /level/edit?id= share one screen (spec part 2 §2 Level, §5). */
import { LEVEL_SAVED, ZLevelRequest } from '@sewablast/contract/level';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { useLevel, useSaveLevel } from './api/levels.ts';

type Fields = 'name' | 'blast_fee' | 'requirement_blast';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ? Number(params.get('id')) : null;
  const existing = useLevel(id);
  const save = useSaveLevel(id);
  const [values, setValues] = useState<Record<Fields, string>>({ name: '', blast_fee: '', requirement_blast: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const level = existing.data?.level;
    if (level) {
      setValues({
        name: level.name,
        blast_fee: String(level.blast_fee),
        requirement_blast: String(level.requirement_blast),
      });
    }
  }, [existing.data]);

  const edit = (field: Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const checked = ZLevelRequest.safeParse({
      name: values.name,
      blast_fee: toNumber(values.blast_fee),
      requirement_blast: toNumber(values.requirement_blast),
    });
    if (!checked.success) {
      setErrors(fieldErrorsOf<Fields>(checked.error));
      return;
    }
    setFailure('');
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(error.errors as Partial<Record<Fields, string>>);
          setFailure(typeof error.body.error === 'string' ? error.body.error : error.message);
        } else setFailure(error.message);
      },
    });
  }

  return (
    <>
      <PageHeader title={id === null ? 'Tambah Level' : 'Edit Level'} />
      <Card className="max-w-2xl p-6">
        {id !== null && existing.isPending ? (
          <div className="py-10 text-center text-brand-600">
            <Spinner size={24} />
          </div>
        ) : existing.error ? (
          <Alert tone="error">{existing.error.message}</Alert>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            {failure && <Alert tone="error">{failure}</Alert>}
            <Field label="Nama Level" name="name" value={values.name} onChange={edit('name')} error={errors.name} />
            <Field
              label="Harga per Blast (Rp)"
              name="blast_fee"
              type="number"
              inputMode="numeric"
              min={0}
              value={values.blast_fee}
              onChange={edit('blast_fee')}
              error={errors.blast_fee}
            />
            <Field
              label="Minimal Blast"
              name="requirement_blast"
              type="number"
              inputMode="numeric"
              min={0}
              value={values.requirement_blast}
              onChange={edit('requirement_blast')}
              error={errors.requirement_blast}
              hint="Jumlah blast berhasil seumur akun yang dibutuhkan untuk naik ke level ini."
            />
            <div className="flex gap-3">
              <Button type="submit" loading={save.isPending}>
                {save.isPending ? 'Menyimpan...' : 'Simpan'}
              </Button>
              <Button variant="secondary" onClick={() => navigate(-1)}>
                Batal
              </Button>
            </div>
          </form>
        )}
      </Card>
      <MessageDialog open={saved} title="Berhasil" message={LEVEL_SAVED} onClose={() => navigate(-1)} />
    </>
  );
}
