/**
 * 'Ekspor CSV' on 'Permintaan Withdraw' for admins and devs (issue 11 item 8). Its dialog, with the form and
 * its zod check, loads when the person reaches for the button (export-accepted-dialog.tsx).
 */
import { EXPORT_TEXT } from '@sewablast/contract/withdraw-text';
import { Download } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import { type Popup, PopupOnDemand } from '../../components/popup-on-demand.tsx';
import { onDemand } from '../../lib/on-demand.ts';

const exportDialog = onDemand<Popup<object>>(
  async () => (await import('./export-accepted-dialog.tsx')).ExportAcceptedDialog,
);

export function ExportAcceptedButton() {
  return (
    <PopupOnDemand
      popup={exportDialog}
      props={{}}
      trigger={(opens) => (
        <Button {...opens} variant="secondary">
          <Download size={18} /> {EXPORT_TEXT.button}
        </Button>
      )}
    />
  );
}
