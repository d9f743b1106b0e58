/** The counters' words, apart from the schemas in counters.ts so that the dashboard loads no zod (DESIGN §10). */
export const COUNTERS_TEXT = {
  /** Beside 'Blast Berhasil' on the member dashboard: how many of those WhatsApp reported delivered. */
  delivered: 'Diterima',
} as const;
