/** /level/create and /level/edit?id= share one screen (spec part 2 §2 Level, §5). */
import { LEVEL_SAVED, type TLevel, ZLevelRequest } from '@sewablast/contract/level';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormAlert, FormField, SubmitButton } from '../../components/form.tsx';
import { MessageDialog } from '../../components/message-dialog.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { asNumber, useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { useLevel, useSaveLevel } from './api/levels.ts';

function LevelForm({ id, level }: { id: number | null; level?: TLevel }) {
  const goBack = useGoBack('/level');
  const save = useSaveLevel(id);
  const [saved, setSaved] = useState(false);
  const form = useZodForm(ZLevelRequest, {
    defaultValues: level && {
      name: level.name,
      blast_fee: level.blast_fee,
      requirement_blast: level.requirement_blast,
    },
    leavesOnSuccess: true,
  });
  return (
    <>
      <form
        onSubmit={form.submitWith(async (values) => {
          await save.mutateAsync(values);
          setSaved(true);
        })}
        noValidate
        className="space-y-5"
      >
        <FormAlert message={form.failure} />
        <FormField form={form} name="name" label="Nama Level" />
        <FormField
          form={form}
          name="blast_fee"
          options={asNumber}
          label="Harga per Blast (Rp)"
          type="number"
          inputMode="numeric"
          min={0}
        />
        <FormField
          form={form}
          name="requirement_blast"
          options={asNumber}
          label="Minimal Blast"
          type="number"
          inputMode="numeric"
          min={0}
          hint="Jumlah blast berhasil seumur akun yang dibutuhkan untuk naik ke level ini."
        />
        <div className="flex gap-3">
          <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
            Simpan
          </SubmitButton>
          <Button variant="secondary" onClick={goBack}>
            Batal
          </Button>
        </div>
      </form>
      <MessageDialog open={saved} title="Berhasil" message={LEVEL_SAVED} onClose={goBack} />
    </>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id') ? Number(params.get('id')) : null;
  const existing = useLevel(id);
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
          <LevelForm id={id} level={existing.data?.level} />
        )}
      </Card>
    </>
  );
}
