/**
 * 'Ekspor CSV' on 'Permintaan Withdraw' for admins and devs (issue 11 item 8). Its dialog, with the form and
 * its zod check, loads when the person reaches for the button (export-accepted-dialog.tsx).
 */
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import { Download } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import { DialogOnDemand, onDemand } from '../../components/dialog-on-demand.tsx';

const exportDialog = onDemand<object>(async () => (await import('./export-accepted-dialog.tsx')).ExportAcceptedDialog);

export function ExportAcceptedButton() {
  return (
    <DialogOnDemand
      dialog={exportDialog}
      props={{}}
      trigger={(opens) => (
        <Button {...opens} variant="secondary">
          <Download size={18} /> {AUDIT_TEXT.exportButton}
        </Button>
      )}
    />
  );
}
