/**
 * /api/legal (spec: the pages sign-up links to), one line per call (call.ts): the terms and the privacy
 * policy, public, since sign-up links to them before anyone has an account. Schemas: legal.ts. Types only
 * from zod.
 */
import type { Call } from './call.ts';
import type { TLegalDocument } from './legal.ts';
import { LEGAL_TEXT, type TLegalKind } from './legal-text.ts';

export const area = '/api/legal';
type Document = Call<{ answer: TLegalDocument }>;

export const terms: Document = {
  method: 'GET',
  path: `${area}/terms`,
  access: 'public',
  errors: [],
  fallback: LEGAL_TEXT.fetchFailed,
};
export const privacyPolicy: Document = {
  method: 'GET',
  path: `${area}/privacy-policy`,
  access: 'public',
  errors: [],
  fallback: LEGAL_TEXT.fetchFailed,
};

/** Each kind's call: the pages are one screen read by kind. */
export const DOCUMENT_CALLS: Record<TLegalKind, Document> = { terms, 'privacy-policy': privacyPolicy };
