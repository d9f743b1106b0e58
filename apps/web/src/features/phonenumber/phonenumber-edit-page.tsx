/** /phonenumber/edit?id=: number, name and the active checkbox; saving goes back (spec part 2 §2). */
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { CheckboxField, Field } from '../../components/field.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePhoneNumber, useUpdatePhoneNumber } from './api/phonenumbers.ts';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const current = usePhoneNumber(id || null);
  const update = useUpdatePhoneNumber(id);
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const row = current.data?.phonenumber;
    if (row) {
      setNumber(row.number);
      setName(row.name);
      setActive(row.status === 'active');
    }
  }, [current.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!number.trim()) found.number = 'Nomor wajib diisi.';
    if (!name.trim()) found.name = 'Nama wajib diisi.';
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      { number, name, status: active ? 'active' : 'nonactive' },
      {
        onSuccess: () => navigate(-1),
        onError: (error) =>
          setErrors(
            error instanceof ApiError && Object.keys(error.errors).length ? error.errors : { form: error.message },
          ),
      },
    );
  }

  return (
    <>
      <PageHeader title="Edit Phone Number" />
      <Card className="max-w-xl p-6">
        {!id ? (
          <Alert tone="error">No Data</Alert>
        ) : current.isPending ? (
          <div className="py-10 text-center text-brand-600">
            <Spinner size={24} />
          </div>
        ) : current.error ? (
          <Alert tone="error">{current.error.message}</Alert>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            {errors.form && <Alert tone="error">{errors.form}</Alert>}
            <Field
              label="Phone Number"
              name="number"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              error={errors.number}
            />
            <Field
              label="Name"
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name}
            />
            <CheckboxField label="Aktif" checked={active} onChange={(event) => setActive(event.target.checked)} />
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? 'Menyimpan...' : 'Simpan'}
            </Button>
          </form>
        )}
      </Card>
    </>
  );
}
