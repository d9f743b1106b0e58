/** /settings: 'Form Pengaturan', every setting in one form, all required (spec part 2 §2, §5, §9). */
import { ZUpdateSettingRequest } from '@sewablast/contract/setting';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Field, inputClass } from '../../components/field.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { useSettings, useUpdateSettings } from './api/settings.ts';

const FIELDS = ['interval_min', 'interval_max', 'price', 'bank_names', 'colors', 'referral_percent', 'info'] as const;
type Fields = (typeof FIELDS)[number];
const NUMERIC: readonly Fields[] = ['interval_min', 'interval_max', 'price', 'referral_percent'];

export function Component() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const [values, setValues] = useState<Record<Fields, string>>(
    () => Object.fromEntries(FIELDS.map((field) => [field, ''])) as Record<Fields, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});

  useEffect(() => {
    const setting = settings.data?.setting;
    if (setting)
      setValues(Object.fromEntries(FIELDS.map((field) => [field, String(setting[field])])) as Record<Fields, string>);
  }, [settings.data]);

  const edit = (field: Fields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = Object.fromEntries(
      FIELDS.map((field) => [
        field,
        NUMERIC.includes(field) ? (values[field].trim() === '' ? undefined : Number(values[field])) : values[field],
      ]),
    );
    const checked = ZUpdateSettingRequest.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrorsOf<Fields>(checked.error));
      return;
    }
    update.mutate(checked.data, {
      onSuccess: () => toast.success('Pengaturan berhasil disimpan.'),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.errors as Partial<Record<Fields, string>>);
        toast.error(error.message);
      },
    });
  }

  return (
    <>
      <PageHeader title="Form Pengaturan">Pengaturan ini berlaku untuk semua member.</PageHeader>
      <Card className="max-w-3xl p-6">
        {settings.isPending ? (
          <div className="py-10 text-center text-brand-600">
            <Spinner size={24} />
          </div>
        ) : settings.error ? (
          <Alert tone="error">{settings.error.message}</Alert>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Interval Min (detik)"
                name="interval_min"
                type="number"
                min={1}
                value={values.interval_min}
                onChange={edit('interval_min')}
                error={errors.interval_min}
              />
              <Field
                label="Interval Max (detik)"
                name="interval_max"
                type="number"
                min={1}
                value={values.interval_max}
                onChange={edit('interval_max')}
                error={errors.interval_max}
              />
              <Field
                label="Harga per Blast (Rp)"
                name="price"
                type="number"
                min={0}
                value={values.price}
                onChange={edit('price')}
                error={errors.price}
                hint="Untuk member yang belum punya level."
              />
              <Field
                label="Persen Referal"
                name="referral_percent"
                type="number"
                min={0}
                max={100}
                value={values.referral_percent}
                onChange={edit('referral_percent')}
                error={errors.referral_percent}
                hint="0-100"
              />
            </div>
            <Field
              label="Daftar Bank"
              name="bank_names"
              value={values.bank_names}
              onChange={edit('bank_names')}
              error={errors.bank_names}
              hint="Pisahkan dengan ', ' — contoh: BCA, MANDIRI, BRI"
            />
            <Field
              label="Warna Level"
              name="colors"
              value={values.colors}
              onChange={edit('colors')}
              error={errors.colors}
              hint="Pisahkan dengan ', ' — contoh: #2C2C2C, #3E3A32"
            />
            <div>
              <label
                htmlFor="setting-info"
                className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300"
              >
                Info (pengumuman)
              </label>
              <textarea
                id="setting-info"
                name="info"
                rows={4}
                value={values.info}
                onChange={edit('info')}
                aria-invalid={errors.info ? true : undefined}
                className={inputClass(Boolean(errors.info))}
              />
              {errors.info && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.info}</p>}
            </div>
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? 'Menyimpan...' : 'Simpan'}
            </Button>
          </form>
        )}
      </Card>
    </>
  );
}
