/**
 * The WhatsApp Web version a socket announces. WhatsApp refuses versions it has retired (a 405 on
 * connect), and the one bundled with Baileys ages with the install, so the current one is read from
 * web.whatsapp.com when a session connects and kept for the process; offline, Baileys' bundled one is used.
 */
import type { WAVersion } from '@whiskeysockets/baileys';

type BaileysModule = typeof import('@whiskeysockets/baileys');
/** Baileys' request options (axios'), as its fetchLatestWaWebVersion takes them. */
export type VersionRequest = Parameters<BaileysModule['fetchLatestWaWebVersion']>[0];

/** A version read from WhatsApp holds for hours; the bundled fallback only until the network is back. */
const FETCHED_TTL_MS = 6 * 60 * 60_000;
const FALLBACK_TTL_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 5000;

let cached: { version: WAVersion; until: number } | null = null;
let pending: Promise<WAVersion> | null = null;

/** The version to announce: cached, or fetched once for all sessions asking at the same time. */
export function waWebVersion(lib: BaileysModule, request: VersionRequest = {}): Promise<WAVersion> {
  if (cached && cached.until > Date.now()) return Promise.resolve(cached.version);
  pending ??= lib
    .fetchLatestWaWebVersion({ timeout: FETCH_TIMEOUT_MS, ...request })
    .then(({ version, isLatest }) => {
      cached = { version, until: Date.now() + (isLatest ? FETCHED_TTL_MS : FALLBACK_TTL_MS) };
      return version;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** WhatsApp refused the cached version: the next connect reads the current one again. */
export function forgetWaWebVersion() {
  cached = null;
}
