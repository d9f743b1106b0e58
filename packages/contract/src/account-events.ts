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
  /**
   * The account's health (rules/safety/health.ts) fell below the slow-down threshold, or moved while below it: its
   * interval is stretched and its day's cap lowered. `detail`: `health`, `stretch` (the interval's factor),
   * `daily_cap` (the lowered cap).
   */
  'health_slowed',
  /** Its health fell below the pause threshold: its blast waits. `detail.health`, `detail.threshold`. */
  'health_paused',
  /** Its health is back at or above the slow-down threshold (from slowed or paused): it sends at its own pace. */
  'health_resumed',
] as const;

export type TAccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];
