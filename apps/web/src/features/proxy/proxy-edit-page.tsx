/** /proxy/edit?id=: the value and an active/nonactive checkbox; saving goes back (spec part 2 §2). */
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { CheckboxField, Field } from '../../components/field.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useProxy, useUpdateProxy } from './api/proxies.ts';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const current = useProxy(id || null);
  const update = useUpdateProxy(id);
  const [value, setValue] = useState('');
  const [active, setActive] = useState(true);
  const [error, setError] = useState('');
  const inUse = current.data?.proxy.status === 'in use';

  useEffect(() => {
    const proxy = current.data?.proxy;
    if (proxy) {
      setValue(proxy.value);
      setActive(proxy.status !== 'nonactive');
    }
  }, [current.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setError('Proxy wajib diisi.');
      return;
    }
    const status = active ? (inUse ? undefined : 'active') : 'nonactive';
    update.mutate(
      { value, status },
      { onSuccess: () => navigate(-1), onError: (failure) => setError(failure.message) },
    );
  }

  return (
    <>
      <PageHeader title="Edit Proxy" />
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
            <Field
              label="Proxy"
              name="value"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
            />
            <CheckboxField
              label={inUse ? 'Aktif (sedang dipakai akun WhatsApp)' : 'Aktif'}
              checked={active}
              onChange={(event) => setActive(event.target.checked)}
            />
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? 'Menyimpan...' : 'Simpan'}
            </Button>
          </form>
        )}
      </Card>
    </>
  );
}
