/**
 * The profile's signed-in devices: each of the user's live sessions with its device, address and last
 * activity, this device marked, an "Akhiri" on each other one, and "Keluar dari semua perangkat", which ends
 * every session but this one (docs/decisions.md). Each ending is asked first.
 */

import type { TSession } from '@sewablast/contract/sessions';
import { describeDevice, SESSION_TEXT } from '@sewablast/contract/sessions-text';
import { Laptop, LogOut, Smartphone } from 'lucide-react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmActionButton } from '../../components/confirm-action-button.tsx';
import { Card } from '../../components/page-header.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useRevokeOthers, useRevokeSession, useSessions } from './api/sessions.ts';

const MOBILE = /Android|iPhone|iPad|iPod|Mobile/;

function SessionRow({ session }: { session: TSession }) {
  const revoke = useRevokeSession();
  const device = describeDevice(session.user_agent);
  const Icon = MOBILE.test(session.user_agent) ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-6 py-4" data-testid="session-row">
      <Icon size={22} className="shrink-0 text-slate-500 dark:text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
          <span className="break-words">{device}</span>
          {session.current && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-300">
              {SESSION_TEXT.thisDevice}
            </span>
          )}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {SESSION_TEXT.lastSeen} {formatDateTime(session.last_seen_at)}
        </p>
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">
          {SESSION_TEXT.address} {session.address || '-'} · {SESSION_TEXT.signedInAt}{' '}
          {formatDateTime(session.created_at)}
        </p>
      </div>
      {!session.current && (
        <ConfirmActionButton
          title={SESSION_TEXT.revokeTitle}
          description={SESSION_TEXT.revokeBody(device)}
          confirmLabel={SESSION_TEXT.revoke}
          cancelLabel={SESSION_TEXT.cancel}
          run={(answered) => revoke.mutate(session.id, answered)}
          pending={revoke.isPending}
          failed={SESSION_TEXT.failed}
          button={{ variant: 'secondary', className: 'px-3 py-1.5', 'aria-label': `${SESSION_TEXT.revoke} ${device}` }}
        >
          {revoke.isPending ? SESSION_TEXT.revoking : SESSION_TEXT.revoke}
        </ConfirmActionButton>
      )}
    </li>
  );
}

function SessionList() {
  const sessions = useSessions();
  if (sessions.isPending) {
    return (
      <div className="py-10 text-center text-brand-600">
        <Spinner size={24} />
      </div>
    );
  }
  if (sessions.error) {
    return (
      <div className="space-y-3 p-6">
        <Alert tone="error">{sessions.error.message || SESSION_TEXT.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => sessions.refetch()}>
          {SESSION_TEXT.retry}
        </Button>
      </div>
    );
  }
  if (sessions.data.list.length === 0) {
    return <p className="px-6 py-8 text-center text-sm text-slate-600 dark:text-slate-400">{SESSION_TEXT.empty}</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="session-list">
      {sessions.data.list.map((session) => (
        <SessionRow key={session.id} session={session} />
      ))}
    </ul>
  );
}

export function SessionsCard() {
  const others = useRevokeOthers();
  return (
    <Card className="mt-6">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{SESSION_TEXT.title}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{SESSION_TEXT.description}</p>
        </div>
        <ConfirmActionButton
          title={SESSION_TEXT.everywhereTitle}
          description={SESSION_TEXT.everywhereBody}
          confirmLabel={SESSION_TEXT.everywhereConfirm}
          cancelLabel={SESSION_TEXT.cancel}
          run={(answered) => others.mutate(undefined, answered)}
          pending={others.isPending}
          failed={SESSION_TEXT.failed}
          button={{ variant: 'danger', 'data-testid': 'sign-out-everywhere' }}
        >
          {!others.isPending && <LogOut size={16} aria-hidden />}
          {SESSION_TEXT.everywhere}
        </ConfirmActionButton>
      </div>
      <SessionList />
    </Card>
  );
}
