/**
 * /proxy/edit?id=: the value and an active/nonactive checkbox; saving goes back (spec part 2 §2). A
 * quarantined proxy (its last account was banned) stays so unless the admin ticks it active after checking it.
 */
import { PROXY_TEXT, type TProxy, ZUpdateProxyRequest } from '@sewablast/contract/proxy';
import { useSearchParams } from 'react-router';
import { FormAlert, FormField, StatusCheckbox, SubmitButton } from '../../components/form.tsx';
import { Card, PageHeader } from '../../components/page-header.tsx';
import { RecordLoader } from '../../components/record-loader.tsx';
import { useZodForm } from '../../lib/form.ts';
import { useGoBack } from '../../lib/go-back.ts';
import { useProxy, useUpdateProxy } from './api/proxies.ts';

const ZEditProxy = ZUpdateProxyRequest.required({ value: true });

function EditForm({ proxy }: { proxy: TProxy }) {
  const goBack = useGoBack('/proxy');
  const update = useUpdateProxy(proxy.id);
  const inUse = proxy.status === 'in use';
  const quarantined = proxy.status === 'karantina';
  const form = useZodForm(ZEditProxy, {
    defaultValues: {
      value: proxy.value,
      status: proxy.status === 'nonactive' || quarantined ? 'nonactive' : 'active',
    },
    leavesOnSuccess: true,
  });
  return (
    <form
      onSubmit={form.submitWith(async ({ value, status }) => {
        // Left active, a proxy in use keeps its status: only a client taking or leaving it changes that. Left
        // unticked, a quarantined one stays quarantined.
        const next = status === 'nonactive' ? (quarantined ? undefined : status) : inUse ? undefined : 'active';
        await update.mutateAsync({ value, status: next });
        goBack();
      })}
      noValidate
      className="space-y-5"
    >
      <FormAlert message={form.failure} />
      <FormField form={form} name="value" label="Proxy" />
      <StatusCheckbox
        form={form}
        name="status"
        label={quarantined ? PROXY_TEXT.quarantined : inUse ? 'Aktif (sedang dipakai akun WhatsApp)' : 'Aktif'}
      />
      <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
        Simpan
      </SubmitButton>
    </form>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const current = useProxy(id);
  return (
    <>
      <PageHeader title="Edit Proxy" />
      <Card className="max-w-xl p-6">
        <RecordLoader id={id} query={current}>
          {({ proxy }) => <EditForm proxy={proxy} />}
        </RecordLoader>
      </Card>
    </>
  );
}
