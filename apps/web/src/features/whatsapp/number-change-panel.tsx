/**
 * Asked on the link screen when a reconnect was scanned by a phone whose number is not the account's: the
 * server holds that session until the owner answers (POST /admin/whatsapp/confirm-number). Inline, not a
 * modal: a dismissed dialog would leave the account held with no answer given.
 */
import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';

interface NumberChangePanelProps {
  account: string;
  scanned: string;
  onAnswer: (replace: boolean) => Promise<void>;
}

export function NumberChangePanel({ account, scanned, onAnswer }: NumberChangePanelProps) {
  const [busy, setBusy] = useState<'replace' | 'keep' | null>(null);
  const answer = (replace: boolean) => {
    setBusy(replace ? 'replace' : 'keep');
    onAnswer(replace).finally(() => setBusy(null));
  };
  return (
    <section
      aria-labelledby="number-change-title"
      data-testid="number-change"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <h2 id="number-change-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert size={18} className="shrink-0" aria-hidden="true" /> {WHATSAPP_TEXT.numberChangedTitle}
      </h2>
      <p className="mt-2">{WHATSAPP_TEXT.numberChanged(account, scanned)}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" loading={busy === 'keep'} disabled={busy !== null} onClick={() => answer(false)}>
          {WHATSAPP_TEXT.keepNumber}
        </Button>
        <Button loading={busy === 'replace'} disabled={busy !== null} onClick={() => answer(true)}>
          {WHATSAPP_TEXT.replaceNumber}
        </Button>
      </div>
    </section>
  );
}
