/**
 * The profile's remembered devices (with the second factor on): each browser that skips the second step,
 * with when it was remembered and last used, and 'Lupakan' on each (asked first): its next sign-in asks for
 * the code again.
 */
import { describeDevice } from '@sewablast/contract/sessions-text';
import type { TRememberedDevice } from '@sewablast/contract/two-factor';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { Laptop, Smartphone } from 'lucide-react';
import { Alert } from '../../components/alert.tsx';
import { ConfirmActionButton } from '../../components/confirm-action-button.tsx';
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useForgetDevice, useRememberedDevices } from './api/remembered-devices.ts';
import { useTwoFactorStatus } from './api/two-factor.ts';

const MOBILE = /Android|iPhone|iPad|iPod|Mobile/;

function DeviceRow({ device }: { device: TRememberedDevice }) {
  const forget = useForgetDevice();
  const name = describeDevice(device.user_agent);
  const Icon = MOBILE.test(device.user_agent) ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-6 py-4" data-testid="remembered-device">
      <Icon size={22} className="shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900 dark:text-slate-100">{name}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {TWO_FACTOR_TEXT.lastUsed}:{' '}
          {device.last_used_at ? formatDateTime(device.last_used_at) : TWO_FACTOR_TEXT.neverUsed}
        </p>
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">
          {TWO_FACTOR_TEXT.rememberedAt}: {formatDateTime(device.created_at)} · {device.address || '-'}
        </p>
      </div>
      <ConfirmActionButton
        title={TWO_FACTOR_TEXT.forgetTitle}
        description={TWO_FACTOR_TEXT.forgetBody}
        confirmLabel={TWO_FACTOR_TEXT.forget}
        cancelLabel={TWO_FACTOR_TEXT.cancel}
        run={(answered) => forget.mutate(device.id, answered)}
        pending={forget.isPending}
        button={{ variant: 'secondary', className: 'px-3 py-1.5', 'aria-label': TWO_FACTOR_TEXT.forgetLabel(name) }}
      >
        {TWO_FACTOR_TEXT.forget}
      </ConfirmActionButton>
    </li>
  );
}

export function RememberedDevicesCard() {
  const status = useTwoFactorStatus();
  const enabled = status.data?.enabled ?? false;
  const devices = useRememberedDevices(enabled);
  if (!enabled) return null;
  let body = null;
  if (devices.isPending) {
    body = (
      <div className="py-10 text-center text-brand-600">
        <Spinner size={24} />
      </div>
    );
  } else if (devices.error) {
    body = (
      <div className="p-6">
        <Alert tone="error">{devices.error.message}</Alert>
      </div>
    );
  } else if (devices.data.list.length === 0) {
    body = (
      <p className="px-6 py-8 text-center text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.devicesEmpty}</p>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="remembered-devices">
        {devices.data.list.map((device) => (
          <DeviceRow key={device.id} device={device} />
        ))}
      </ul>
    );
  }
  return (
    <Card className="mt-6">
      <div className="border-b border-slate-200 px-6 py-4 dark:border-slate-800">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{TWO_FACTOR_TEXT.devicesTitle}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{TWO_FACTOR_TEXT.devicesHint}</p>
      </div>
      {body}
    </Card>
  );
}
