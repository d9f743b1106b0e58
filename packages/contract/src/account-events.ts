/**
 * What happened to one WhatsApp account, as its event log keeps it (DESIGN §8 Account safety): the signals its
 * health is read from and the timeline that explains a ban afterwards. Zod-free, so that screens may import it.
 */

export const ACCOUNT_EVENT_KINDS = [
  /** The session is up. */
  'connected',
  /** The session dropped; `code` is the reason the driver gave. */
  'disconnected',
  /** WhatsApp logged the device out; it must be linked again. */
  'logged_out',
  /** A temporary ban; `detail.until` is its end. */
  'temp_banned',
  /** A ban with no end: the account is suspended. */
  'suspended',
  /** A send was refused with a restriction (`code` 463 or 429); `detail.until` is when the account sends again. */
  'restricted',
  /** The account was given another proxy (another IP); `detail.proxy_id` is the new one, null for none. */
  'proxy_changed',
] as const;

export type TAccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];
