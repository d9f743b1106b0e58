/**
 * DESIGN §10's first-load budget on the build: each signed-out page, opened with an empty cache, loads under
 * 150 KB of JavaScript (gzip, as the build's .gz copies) and none of what only the signed-in pages use — the
 * shell, its Radix menus and tooltips, the toasts, zod until a form is checked, and TanStack Query where the
 * page reads nothing. /dashboard opened signed in with an empty cache stays under it too, without zod, Radix
 * or sonner (the user menu's, the tooltips' and the toaster's code loads when first needed), and so does the
 * withdraw queue, staff's home, without the dashboard's chunk, zod, react-hook-form, Radix or sonner (its
 * dialogs load when first reached for). What a script holds is read from its source map, so chunk names do not matter.
 * The pages are routes.ts's FIRST_LOAD_PAGES, each home opened by every role that may open it; the web's
 * app/first-load.test.ts follows the imports of the same pages' route modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { LEGAL_TITLES } from '@sewablast/contract/legal-text';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import type { Role } from '@sewablast/contract/roles';
import {
  FIRST_LOAD_PAGES,
  type FirstLoadPage,
  PUBLIC_ROUTES,
  ROUTE_ROLES,
  STAFF_HOME,
} from '@sewablast/contract/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from './api.ts';
import { useSuite } from './fixture.ts';

const BUDGET_BYTES = 150 * 1024;
const DIST = join(import.meta.dirname, '../apps/web/dist');

const RADIX = /node_modules\/(@radix-ui|radix-ui|@floating-ui|react-remove-scroll)\//;
const ZOD = /node_modules\/zod\//;
const SONNER = /node_modules\/sonner\//;
const SIGNED_IN_ONLY: Record<string, RegExp> = {
  'the shell': /\/src\/app\/shell\//,
  'Radix UI': RADIX,
  sonner: SONNER,
  zod: ZOD,
};
const QUERY = /node_modules\/@tanstack\//;
const ON_DEMAND = { 'Radix UI': RADIX, zod: ZOD, sonner: SONNER };
const DIALOG_CODE = { ...ON_DEMAND, 'react-hook-form': /node_modules\/react-hook-form\// };
const WITHDRAW_QUEUE = 'Permintaan Withdraw';

type SignedOutPage = Extract<FirstLoadPage, (typeof PUBLIC_ROUTES)[number]>;
type Home = Exclude<FirstLoadPage, SignedOutPage>;
const isSignedOut = (page: FirstLoadPage): page is SignedOutPage => (PUBLIC_ROUTES as readonly string[]).includes(page);

/**
 * How each page of FIRST_LOAD_PAGES is opened and known to have drawn: the list is routes.ts's, so a page added
 * there is opened here (and its imports followed by the web's first-load.test.ts); this says what it shows.
 */
const SIGNED_OUT: Record<SignedOutPage, { visits: { at: string; heading: string }[]; reads: boolean }> = {
  '/signin': { visits: [{ at: '/signin', heading: 'Sign In' }], reads: false },
  '/signup': { visits: [{ at: '/signup', heading: 'Sign Up' }], reads: false },
  '/reset-password': {
    visits: [
      { at: '/reset-password', heading: RECOVERY_TEXT.requestTitle },
      { at: '/reset-password?token=abc', heading: RECOVERY_TEXT.newTitle },
    ],
    reads: true,
  },
  '/confirm-email': {
    visits: [{ at: '/confirm-email?token=abc', heading: EMAIL_CONFIRM_TEXT.pageTitle }],
    reads: false,
  },
  '/terms': { visits: [{ at: '/terms', heading: LEGAL_TITLES.terms }], reads: true },
  '/privacy-policy': { visits: [{ at: '/privacy-policy', heading: LEGAL_TITLES['privacy-policy'] }], reads: true },
};
/** Each signed-in home's heading by role, and what its first load goes without beyond zod, Radix and sonner. */
const HOMES: Record<Home, { heading: (role: Role) => string; without: Record<string, RegExp> }> = {
  '/dashboard': {
    heading: (role) => (role === 'member' ? 'Dashboard Member' : DASHBOARD_TEXT.title),
    without: {},
  },
  '/withdraw/requested?page=1': { heading: () => WITHDRAW_QUEUE, without: DIALOG_CODE },
};

const gzipBytes = (path: string) =>
  existsSync(`${DIST}${path}.gz`)
    ? readFileSync(`${DIST}${path}.gz`).length
    : gzipSync(readFileSync(`${DIST}${path}`)).length;

/** The bundler's own runtime chunk comes without a map: it holds no module. */
const sourcesOf = (path: string): string[] =>
  existsSync(`${DIST}${path}.map`) ? JSON.parse(readFileSync(`${DIST}${path}.map`, 'utf8')).sources : [];

/** The scripts a page fetches, by path. */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  return scripts;
}

const totalBytes = (scripts: Set<string>) => [...scripts].reduce((sum, script) => sum + gzipBytes(script), 0);
const found = (scripts: Set<string>, patterns: Record<string, RegExp>) => {
  const sources = [...scripts].flatMap(sourcesOf);
  return Object.entries(patterns)
    .filter(([, pattern]) => sources.some((source) => pattern.test(source)))
    .map(([name]) => name);
};

const { server, open, signedIn, context: newContext } = useSuite();

describe('the first load of a signed-out page', () => {
  const visits = FIRST_LOAD_PAGES.filter(isSignedOut).flatMap((page) =>
    SIGNED_OUT[page].visits.map(({ at, heading }) => ({ path: at, heading, reads: SIGNED_OUT[page].reads })),
  );
  for (const { path, heading, reads } of visits) {
    it(`${path} stays under 150 KB and loads nothing of the signed-in pages`, async () => {
      const { context, page } = await open();
      const scripts = scriptsOf(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await context.close();

      const bytes = totalBytes(scripts);
      expect(bytes, `${scripts.size} scripts, ${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(BUDGET_BYTES);
      expect(found(scripts, reads ? SIGNED_IN_ONLY : { ...SIGNED_IN_ONLY, 'TanStack Query': QUERY })).toEqual([]);
    });
  }
});

/** The person signs in once, then comes back with the session kept and nothing cached. */
async function coldLoad(role: Role, path: string, heading: string) {
  const signIn = await signedIn(await createUser(server, role));
  const storageState = await signIn.context.storageState();
  await signIn.context.close();

  const context = await newContext({ storageState });
  const page = await context.newPage();
  const scripts = scriptsOf(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { scripts, landed };
}

/** The pathname of a page's address. */
const pathOf = (page: string) => new URL(page, 'http://x').pathname;

describe('the first load of a signed-in home', () => {
  for (const page of FIRST_LOAD_PAGES.filter((page): page is Home => !isSignedOut(page))) {
    for (const role of ROUTE_ROLES[pathOf(page)] ?? []) {
      // Staff have no dashboard: the guard sends them on to their home, whose own first load is measured too.
      const home: Home = role === 'staff' && page === '/dashboard' ? STAFF_HOME : page;
      const without = {
        ...ON_DEMAND,
        ...HOMES[home].without,
        ...(home === page ? {} : { 'the dashboard': /\/src\/features\/dashboard\// }),
      };
      const sentOn = home === page ? '' : `sent on to ${pathOf(home)}, `;
      it(`${role} on ${page}: ${sentOn}under 150 KB, without ${Object.keys(without).join(', ')}`, async () => {
        const { scripts, landed } = await coldLoad(role, page, HOMES[home].heading(role));
        expect(landed).toBe(pathOf(home));
        const bytes = totalBytes(scripts);
        expect(bytes, `${scripts.size} scripts, ${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(BUDGET_BYTES);
        expect(found(scripts, without)).toEqual([]);
      });
    }
  }
});
