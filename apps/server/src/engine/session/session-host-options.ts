/** What a session host (session-host.ts) is given, and the pace it keeps leases and opens sessions at. */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { EventBus } from '../../live/bus.ts';
import type { WaDriver } from '../../wa/driver.ts';
import { TEMP_BANNED } from './session-events.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

/** Leases are renewed this often, as a share of their length: two renewals may fail before one lapses. */
export const RENEWALS_PER_LEASE = 3;
export const CLAIM_MS = 2_000;
/** At most this many claimed accounts wait for their session to start: a claim round takes what is missing. */
export const CLAIM_BATCH = 100;
/**
 * The mean pause between the starts of two sessions a claim opens: a worker starting beside thousands of
 * accounts (or taking over a dead worker's) starts their logins 20 a second, not a hundred in one instant
 * through the same proxies, and WhatsApp sees no burst of logins from one place.
 */
export const OPEN_STAGGER_MS = 50;
/**
 * At most this many logins pending at once (started, not yet connected or refused): while a proxy or the
 * network is down, new logins wait for a place instead of thousands of them hanging together.
 */
export const MAX_PENDING_OPENS = 100;
/** A login not settled by then gives its place to the next (Baileys gives a connect up after 20 s). */
export const OPEN_SETTLE_MS = 60_000;
/**
 * A stop waits this long for the sessions still opening (a proxy or a login that never answers must not hold
 * a deploy up); those answering later are let go as they do.
 */
export const STOP_OPENS_MS = 5_000;
/** A device not linked by then is given up: its QR or code has long expired and nobody is looking. */
export const LINK_TIMEOUT_MS = 10 * 60_000;

/** Linked accounts worth restoring when their lease is free; a temporarily banned one once its ban ended. */
export const RESTORABLE = and(
  isNotNull(whatsappAccounts.auth_state),
  isNotNull(whatsappAccounts.phonenumber),
  eq(whatsappAccounts.suspended, false),
  sql`${whatsappAccounts.state} <> 'loggedOut'`,
  sql`(${whatsappAccounts.state} <> ${TEMP_BANNED} or ${whatsappAccounts.limited_until} <= now())`,
);

/** Why an account lets its proxy go: 'banned' keeps the proxy out of the pool. */
export type ProxyRelease = 'lost' | 'banned';

export interface SessionHostOptions {
  /** Milliseconds in one second of send time; tests run blasts faster. */
  secondMs?: number;
  db: Db;
  driver: WaDriver;
  bus: EventBus;
  proxyOf: (proxyId: number) => Promise<string | null>;
  /**
   * Gives a proxy back to the pool when its account is lost or abandoned (DESIGN §5.8), or quarantines it
   * when its account was banned: its IP would take the next account down with it.
   */
  releaseProxy: (proxyId: number, why?: ProxyRelease) => Promise<void>;
  onIncoming?: (account: AccountRow, from: string, text: string) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
  /** Where template media and validator files are read from (the services' one store). */
  files: FileStore;
  /** How long a lease lasts unrenewed (LEASE_SECONDS in leases.ts); the crash tests shorten it. */
  leaseSeconds?: number;
  /** How often leases are renewed and housekeeping runs (a third of a lease); tests shorten it. */
  renewMs?: number;
  /** How often lapsed leases are looked for between renewals (at most renewMs). */
  claimMs?: number;
  /** Waits the pause between the starts of two sessions a claim opens (OPEN_STAGGER_MS, jittered by half). */
  stagger?: (ms: number) => Promise<void>;
  /** How long a stop waits for opens under way (STOP_OPENS_MS); tests shorten it. */
  stopOpensMs?: number;
  /** How many logins may be pending at once (MAX_PENDING_OPENS); tests lower it. */
  maxPendingOpens?: number;
  /** How long a link may wait for its scan; tests shorten it. */
  linkTimeoutMs?: number;
  /**
   * The service's other periodic clean-ups, run in each housekeeping round after the engine's own, so that a
   * worker has one periodic loop (each paces itself; a failure is logged and leaves the round going).
   */
  chores?: (() => Promise<void>)[];
  /**
   * BUSINESS_TZ, and whether the account safety rule holds blasts back and budgets number checks (ACCOUNT_SAFETY;
   * services.ts always says).
   * Left out (engine tests about other things), it does not: their blasts run whatever the time of day.
   */
  safety?: { timeZone: string; enforce: boolean };
}
