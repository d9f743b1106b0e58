/**
 * The WhatsApp Web version a socket announces. WhatsApp refuses versions it has retired (a 405 on
 * connect), and the one bundled with Baileys ages with the install, so the current one is read from
 * web.whatsapp.com when a session connects and kept for the process; offline, Baileys' bundled one is used.
 *
 * Read here rather than through Baileys' fetchLatestWaWebVersion: that one uses the global fetch, which
 * takes no http.Agent, so it could not go through the account's proxy (socks included); WhatsApp answers
 * plain requests from a datacenter address with a block page, so the request looks like a browser's.
 */

import type { Agent } from 'node:http';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { WAVersion } from 'baileys';

/** A version read from WhatsApp holds for hours; the bundled fallback only until the network is back. */
const FETCHED_TTL_MS = 6 * 60 * 60_000;
const FALLBACK_TTL_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 5000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const SW_URL = 'https://web.whatsapp.com/sw.js';

/** What a desktop Chrome sends when it loads WhatsApp Web's service worker. */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: '*/*',
  'accept-language': 'en-US,en;q=0.9',
  'sec-fetch-dest': 'serviceworker',
  'sec-fetch-mode': 'same-origin',
  'sec-fetch-site': 'same-origin',
  'service-worker': 'script',
} as const;

export interface VersionRequest {
  /** The account's proxy; directly when absent. */
  agent?: Agent;
  /** Where sw.js is read from; WhatsApp Web's unless a test serves one. */
  url?: string;
  /** The version Baileys bundles, announced when WhatsApp's cannot be read. */
  bundled: WAVersion;
  /** Told once per fallback, with why, so that an operator sees it (logs, /monitor/local). */
  onFallback?: (reason: string) => void;
}

/** Where the version in use came from: the operator (WA_VERSION), WhatsApp Web, or Baileys' bundled one. */
export interface VersionStatus {
  version: string;
  source: 'override' | 'fetched' | 'bundled';
  /** Why the bundled one is in use, and since when. */
  fallbackReason: string | null;
  at: string;
}

let cached: { version: WAVersion; until: number } | null = null;
let pending: Promise<WAVersion> | null = null;
let status: VersionStatus | null = null;

/** The version the worker announced last and where it came from; null before the first session connects. */
export function waVersionStatus(): VersionStatus | null {
  return status;
}

function remember(version: WAVersion, source: VersionStatus['source'], fallbackReason: string | null) {
  status = { version: version.join('.'), source, fallbackReason, at: new Date().toISOString() };
}

/** The operator's version, announced as it is: no fetch, no fallback. */
export function overriddenWaVersion(version: WAVersion): Promise<WAVersion> {
  remember(version, 'override', null);
  return Promise.resolve(version);
}

function readSwJs(url: string, agent: Agent | undefined): Promise<string> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: BROWSER_HEADERS, agent, timeout: FETCH_TIMEOUT_MS }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`sw.js answered ${response.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) request.destroy(new Error('sw.js is larger than expected'));
        else chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`sw.js took longer than ${FETCH_TIMEOUT_MS} ms`)));
    request.on('error', reject);
  });
}

async function fetchVersion(request: VersionRequest): Promise<{ version: WAVersion; fallback: string | null }> {
  try {
    const body = await readSwJs(request.url ?? SW_URL, request.agent);
    const revision = body.match(/\\?"client_revision\\?":\s*(\d+)/)?.[1];
    if (!revision) return { version: request.bundled, fallback: 'sw.js names no client_revision' };
    return { version: [2, 3000, Number(revision)], fallback: null };
  } catch (error) {
    return { version: request.bundled, fallback: error instanceof Error ? error.message : String(error) };
  }
}

/** The version to announce: cached, or fetched once for all sessions asking at the same time. */
export function waWebVersion(request: VersionRequest): Promise<WAVersion> {
  if (cached && cached.until > Date.now()) return Promise.resolve(cached.version);
  pending ??= fetchVersion(request)
    .then(({ version, fallback }) => {
      cached = { version, until: Date.now() + (fallback ? FALLBACK_TTL_MS : FETCHED_TTL_MS) };
      remember(version, fallback ? 'bundled' : 'fetched', fallback);
      if (fallback) request.onFallback?.(fallback);
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
