/** An account's connection states, apart from the schemas in whatsapp.ts so that the dashboard loads no zod (DESIGN §10). */
export const CONNECTION_STATES = [
  'connected',
  'disconnected',
  'loggedOut',
  'conflict',
  'unknown',
  'reconnecting',
  'suspended',
  /** WhatsApp refuses the server's WhatsApp Web version (405); the server reads the current one and retries. */
  'outdated',
  /**
   * Linked again by a phone whose number is not the account's: the session is held, sending nothing, until
   * the owner confirms the new number or keeps the old one (POST /admin/whatsapp/confirm-number).
   */
  'numberChanged',
  /**
   * WhatsApp banned the account for a while (402): its credentials stay, and a worker opens the session again
   * once `limited_until` passed.
   */
  'tempBanned',
] as const;
export type TConnectionState = (typeof CONNECTION_STATES)[number];

/** States from which a blast cannot start (spec part 1 §5). */
export const UNSENDABLE_STATES = [
  'disconnected',
  'unknown',
  'loggedOut',
  'conflict',
  'outdated',
  'numberChanged',
  'tempBanned',
] as const;
