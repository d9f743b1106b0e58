/**
 * What the public /terms and /privacy-policy pages show around a document: the kinds, their titles and the
 * pages' texts, apart from the schemas in legal.ts so that those pages load no zod (DESIGN §10).
 */
export const LEGAL_KINDS = ['terms', 'privacy-policy'] as const;
export type TLegalKind = (typeof LEGAL_KINDS)[number];

export const LEGAL_TITLES: Record<TLegalKind, string> = {
  terms: 'Syarat dan Ketentuan',
  'privacy-policy': 'Kebijakan Privasi',
};

export const LEGAL_TEXT = {
  back: 'Kembali',
  signUp: 'Ke halaman Sign Up',
  fetchFailed: 'Gagal memuat dokumen. Coba muat ulang halaman.',
  termsLabel: 'Syarat dan Ketentuan',
  privacyLabel: 'Kebijakan Privasi',
  settingHint: 'Kosongkan untuk memakai teks bawaan. Pisahkan paragraf dengan satu baris kosong.',
} as const;

/** A document's text as paragraphs: split on blank lines, each paragraph's own line breaks kept. */
export function legalParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
