/**
 * What every browser-test file sets up, in one place: its server and its connection to the run's Chromium,
 * made before the file's own set-up and ended after its tests, and the steps the files share on them (a page,
 * a page signed in through the form or with the cookies of the file's one sign-in of that person, axe-core's
 * findings).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, BrowserContextOptions, Download, Page, Request } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startMailCatcher } from '../apps/server/test/mail-catcher.ts';
import { connectBrowser, type Server, signInThroughForm, startServer } from './harness.ts';

declare global {
  interface Window {
    axe: typeof axe;
  }
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Stored before the app's scripts run, as a user's earlier choice of theme would be. */
  theme?: 'light' | 'dark';
  /** axe-core loaded into every page of the context, for `axeFindings`. */
  axe?: boolean;
}

/** A context's cookies and storage, as Playwright hands them to a new one. */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Opened {
  context: BrowserContext;
  page: Page;
}

export interface Suite {
  /** The file's server: its address may be read from the file's first `beforeAll` on. */
  server: Server;
  /** A new context on the server (its own cookies and storage). */
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A new context and its first page. */
  open(options?: PageOptions): Promise<Opened>;
  /** A new context whose page has signed `person` in through the form and left /signin. */
  signedIn(person: { email: string; password: string }, options?: PageOptions): Promise<Opened>;
  /**
   * `signedIn` the first time the file asks for `person`; after that a new context holding the cookies that
   * sign-in left, its page blank until the test goes somewhere. Only for tests that leave the session as it
   * was: a sign-out, a revoked session, a new password or a two-factor change would end it for every later
   * test that shares it.
   */
  signedInShared(person: { email: string; password: string }, options?: PageOptions): Promise<Opened>;
}

/**
 * Starts the server (with `env` added to the harness's, or what `env()` answers once the file's helpers,
 * such as a mail catcher, have started) for the calling file, and connects it to the run's Chromium. Call it
 * at the top of the file, before the file's own `beforeAll`, which then runs after both are up.
 */
export function useSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): Suite {
  let started: Server | null = null;
  let browser: Browser | null = null;
  const running = () => {
    if (!started || !browser) throw new Error('the server and the browser start in beforeAll');
    return { started, browser };
  };
  beforeAll(async () => {
    const launching = connectBrowser();
    try {
      started = await startServer(typeof env === 'function' ? await env() : env);
    } finally {
      browser = await launching;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await started?.stop();
  });

  const server: Server = {
    get url() {
      return running().started.url;
    },
    stop: () => running().started.stop(),
  };
  const context = (options: BrowserContextOptions = {}) =>
    running().browser.newContext({ baseURL: server.url, ...options });
  const open = async (
    { viewport, theme, axe: withAxe }: PageOptions = {},
    storageState?: StorageState,
  ): Promise<Opened> => {
    const opened = await context({
      viewport: viewport ?? { width: 1280, height: 800 },
      ...(storageState ? { storageState } : {}),
    });
    if (withAxe) await opened.addInitScript(axe.source);
    if (theme) await opened.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    return { context: opened, page: await opened.newPage() };
  };
  const signedIn = async (person: { email: string; password: string }, options?: PageOptions) => {
    const opened = await open(options);
    await signInThroughForm(opened.page, person);
    await opened.page.waitForURL((url) => url.pathname !== '/signin');
    return opened;
  };
  /** The cookies each person's one sign-in in this file left, by email. */
  const signIns = new Map<string, StorageState>();
  return {
    server,
    context,
    open,
    signedIn,
    async signedInShared(person, options) {
      const kept = signIns.get(person.email);
      if (kept) return open(options, kept);
      const opened = await signedIn(person, options);
      // The session is its cookies alone (apps/web/src/lib/session.ts); storage, such as a theme chosen in
      // the first test, stays with that test.
      signIns.set(person.email, { cookies: (await opened.context.storageState()).cookies, origins: [] });
      return opened;
    },
  };
}

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** `useSuite` with a real SMTP server that the server mails through; `mail()` reads what it caught. */
export function useSuiteWithMail(env: Record<string, string> = {}): Suite & { mail(): MailCatcher } {
  let catcher: MailCatcher | null = null;
  const suite = useSuite(async () => {
    catcher = await startMailCatcher();
    return { SMTP_URL: catcher.url, MAIL_FROM: 'Sewablast <no-reply@e2e.test>', ...env };
  });
  afterAll(async () => {
    await catcher?.stop();
  });
  return {
    ...suite,
    mail() {
      if (!catcher) throw new Error('the mail catcher starts in beforeAll');
      return catcher;
    },
  };
}

/**
 * Once React has drawn the last change and the transitions and animations it started have ended (endless ones,
 * such as a spinner's, are left turning): a wait for the page to stand still, in place of a guess at how long
 * a slide takes.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The requests each page has in flight (every kind: the app's reads, route chunks, fonts, images). */
const inFlight = new WeakMap<Page, { open: Set<Request>; waiting: (() => void)[] }>();

function requestsOf(page: Page) {
  let tracked = inFlight.get(page);
  if (tracked) return tracked;
  const state = { open: new Set<Request>(), waiting: [] as (() => void)[] };
  const done = (request: Request) => {
    state.open.delete(request);
    if (state.open.size === 0) for (const wake of state.waiting.splice(0)) wake();
  };
  page.on('request', (request) => state.open.add(request));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  inFlight.set(page, state);
  tracked = state;
  return tracked;
}

/**
 * Starts counting `page`'s requests, for `readsLanded`: call it before the first navigation whose reads it
 * waits for.
 */
export const trackRequests = (page: Page) => void requestsOf(page);

/**
 * Once the screen's reads have landed: no request in flight, fonts loaded and `busy` (a spinner, a
 * 'Loading...') gone, all still so two frames later (a read that a landed one leads to has started by then).
 * Playwright's 'networkidle' waits 500 ms of quiet instead, each time; `busy` is given up on after
 * `busyTimeout` as the tests did before, a request still open after 30 s fails.
 */
export async function readsLanded(page: Page, busy: () => boolean, busyTimeout = 5_000) {
  const requests = requestsOf(page);
  const givenUp = Date.now() + busyTimeout;
  const idle = () =>
    requests.open.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            reject(new Error(`requests still open after 30 s: ${[...requests.open].map((r) => r.url())}`));
          }, 30_000);
          requests.waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
  /** After two frames, with the fonts loaded: nothing in flight and `busy` gone (or given up on). */
  const quiet = async () => {
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await document.fonts.ready;
    });
    return requests.open.size === 0 && (Date.now() > givenUp || !(await page.evaluate(busy)));
  };
  for (;;) {
    await idle();
    if ((await quiet()) && (await quiet())) return;
  }
}

/**
 * A download's content as text, streamed from the browser: the run's Chromium is reached through its
 * WebSocket, where `download.path()` is refused (the file lies on the browser's side).
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The toast that says `text`. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The table row of `person`'s withdrawal in `status`. */
export const withdrawalRow = (page: Page, person: { firstname: string; lastname: string }, status: string) =>
  page
    .locator('tr')
    .filter({ hasText: `${person.firstname} ${person.lastname}` })
    .filter({ has: page.locator(`[data-status="${status}"]`) });

/**
 * axe-core's findings on the page as it is now (the context was opened with `axe: true`): `id: targets`
 * of the serious and critical ones, or of every one when `all`.
 */
export function axeFindings(page: Page, impact: 'serious' | 'all' = 'serious'): Promise<string[]> {
  return page.evaluate(async (all) => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => all || violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }, impact === 'all');
}

/** The widths screens are looked at in (STYLE): a laptop and a phone. */
const SHOT_SIZES = [
  [1366, 800],
  [375, 812],
] as const;

/** The page as it is now, light and dark, into SHOTS_DIR as `{name}-{width}-{theme}.png` (nothing without it). */
export async function shootThisWidth(page: Page, name: string) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await page.screenshot({ path: join(shots, `${name}-${width}-${theme}.png`), fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

/**
 * The page at 1366 and 375 px, light and dark, into SHOTS_DIR; `ready` waits, at each width, for what the shot
 * must show (a new width may redraw it). The page is left at 1366 px.
 */
export async function shoot(page: Page, name: string, ready: (width: number) => Promise<unknown> = async () => {}) {
  if (!process.env.SHOTS_DIR) return;
  for (const [width, height] of SHOT_SIZES) {
    await page.setViewportSize({ width, height });
    await ready(width);
    await shootThisWidth(page, name);
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}
