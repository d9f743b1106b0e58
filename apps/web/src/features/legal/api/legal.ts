/** GET /api/legal/terms and /api/legal/privacy-policy: public, read without a token. */
import type { TLegalDocument } from '@sewablast/contract/legal';
import { LEGAL_TEXT, type TLegalKind } from '@sewablast/contract/legal-text';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useLegalDocument(kind: TLegalKind) {
  return useQuery({
    queryKey: ['legal', kind],
    queryFn: () => api<TLegalDocument>(`/legal/${kind}`, { anonymous: true, fallback: LEGAL_TEXT.fetchFailed }),
  });
}
