/** GET /api/legal/terms and /api/legal/privacy-policy: public, read without a token. */
import { DOCUMENT_CALLS } from '@sewablast/contract/legal-calls';
import type { TLegalKind } from '@sewablast/contract/legal-text';
import { useCall } from '../../../lib/use-call.ts';

export function useLegalDocument(kind: TLegalKind) {
  return useCall(DOCUMENT_CALLS[kind], {});
}
