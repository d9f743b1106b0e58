/** A user's linked WhatsApp accounts (GET /admin/whatsapp/list/{userId}, spec part 2 §7), for the job forms. */
import * as whatsapp from '@sewablast/contract/whatsapp-calls';
import { useCall } from '../../lib/use-call.ts';

export function useUserAccounts(userId: number | null) {
  return useCall(whatsapp.listOf, { params: { userId: userId ?? 0 } }, { enabled: userId !== null });
}
