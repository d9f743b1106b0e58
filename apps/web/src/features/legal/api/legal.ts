/** GET /api/legal/terms and /api/legal/privacy-policy: public, read without a token. */
import { LEGAL_TEXT, type TLegalDocument, type TLegalKind } from '@sewablast/contract/legal';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useLegalDocument(kind: TLegalKind) {
  return useQuery({
    queryKey: ['legal', kind],
    queryFn: () => api<TLegalDocument>(`/legal/${kind}`, { anonymous: true, fallback: LEGAL_TEXT.fetchFailed }),
  });
}
