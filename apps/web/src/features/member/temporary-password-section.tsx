/**
 * 'Password Sementara' of 'Edit Member': for a member who cannot sign in when no mail is configured. After a
 * confirmation the server sets a generated password, ends the member's sessions and answers the password
 * this once; it is shown with a copy button to hand over, and must be changed at the member's next sign-in.
 */

import * as members from '@sewablast/contract/members-calls';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { useMutation } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { Card } from '../../components/page-header.tsx';
import { call } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

async function copy(password: string) {
  try {
    // Missing outside a secure context, refused without permission: either way the copy failed.
    await navigator.clipboard.writeText(password);
    toast.success(RECOVERY_TEXT.copied);
  } catch {
    toast.error(RECOVERY_TEXT.copyFailed);
  }
}

export function TemporaryPasswordSection({ userId }: { userId: number }) {
  const create = useMutation({
    mutationFn: () => call(members.temporaryPassword, { params: { id: userId }, body: {} }),
  });
  return (
    <Card className="max-w-2xl p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{RECOVERY_TEXT.temporaryTitle}</h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">{RECOVERY_TEXT.temporaryHint}</p>
      <div className="space-y-4">
        {create.error && <Alert tone="error">{create.error.message}</Alert>}
        {create.data && (
          <div className="space-y-3">
            <Alert tone="success">{create.data.msg}</Alert>
            <div className="flex flex-wrap items-center gap-3">
              <output
                aria-label={RECOVERY_TEXT.temporaryTitle}
                data-testid="temporary-password"
                className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-2 font-mono text-lg tracking-wider text-slate-900 select-all dark:border-slate-700 dark:bg-slate-800 dark:text-white"
              >
                {create.data.password}
              </output>
              <Button variant="secondary" onClick={() => copy(create.data.password)}>
                <Copy size={16} aria-hidden />
                {RECOVERY_TEXT.copy}
              </Button>
            </div>
          </div>
        )}
        <ConfirmButton
          trigger={(opens) => (
            <Button variant="secondary" {...opens} loading={create.isPending}>
              {RECOVERY_TEXT.temporaryButton}
            </Button>
          )}
          title={RECOVERY_TEXT.temporaryConfirmTitle}
          description={RECOVERY_TEXT.temporaryConfirm}
          confirmLabel={RECOVERY_TEXT.temporaryConfirmLabel}
          onConfirm={() => create.mutate()}
        />
      </div>
    </Card>
  );
}
