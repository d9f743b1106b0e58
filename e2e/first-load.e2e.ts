/**
 * DESIGN §10's first-load budget on the build: each signed-out page, opened with an empty cache, loads under
 * 150 KB of JavaScript (gzip, as the build's .gz copies) and none of what only the signed-in pages use — the
 * shell, its Radix menus and tooltips, the toasts, zod until a form is checked, and TanStack Query where the
 * page reads nothing. /dashboard opened signed in with an empty cache stays under it too, without zod, Radix
 * or sonner (the user menu's, the tooltips' and the toaster's code loads when first needed), and so does the
 * withdraw queue, staff's home, without the dashboard's chunk, zod, react-hook-form, Radix or sonner (its
 * dialogs load when first reached for). What a script holds is read from its source map, so chunk names do not matter.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { LEGAL_TITLES } from '@sewablast/contract/legal-text';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
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

const PAGES = [
  { path: '/signin', heading: 'Sign In', reads: false },
  { path: '/signup', heading: 'Sign Up', reads: false },
  { path: '/reset-password', heading: RECOVERY_TEXT.requestTitle, reads: true },
  { path: '/reset-password?token=abc', heading: RECOVERY_TEXT.newTitle, reads: true },
  { path: '/confirm-email?token=abc', heading: EMAIL_CONFIRM_TEXT.pageTitle, reads: false },
  { path: '/terms', heading: LEGAL_TITLES.terms, reads: true },
  { path: '/privacy-policy', heading: LEGAL_TITLES['privacy-policy'], reads: true },
];

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
  for (const { path, heading, reads } of PAGES) {
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
async function coldLoad(role: 'member' | 'staff' | 'admin' | 'dev', path: string, heading: string) {
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

describe('the first load of /dashboard signed in', () => {
  const DASHBOARDS = [
    { role: 'member', heading: 'Dashboard Member' },
    { role: 'admin', heading: DASHBOARD_TEXT.title },
    { role: 'dev', heading: DASHBOARD_TEXT.title },
  ] as const;
  for (const { role, heading } of DASHBOARDS) {
    it(`${role}: stays under 150 KB, without zod, Radix or sonner`, async () => {
      const { scripts } = await coldLoad(role, '/dashboard', heading);
      const bytes = totalBytes(scripts);
      expect(bytes, `${scripts.size} scripts, ${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(BUDGET_BYTES);
      expect(found(scripts, ON_DEMAND)).toEqual([]);
    });
  }

  it('staff: sent on to the withdraw queue under 150 KB, without the dashboard, zod, react-hook-form, Radix or sonner', async () => {
    const { scripts, landed } = await coldLoad('staff', '/dashboard', WITHDRAW_QUEUE);
    expect(landed).toBe('/withdraw/requested');
    const bytes = totalBytes(scripts);
    expect(bytes, `${scripts.size} scripts, ${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(BUDGET_BYTES);
    expect(found(scripts, { ...DIALOG_CODE, 'the dashboard': /\/src\/features\/dashboard\// })).toEqual([]);
  });
});

describe('the first load of the withdraw queue opened directly', () => {
  for (const role of ['staff', 'admin'] as const) {
    it(`${role}: stays under 150 KB, without zod, react-hook-form, Radix or sonner`, async () => {
      const { scripts } = await coldLoad(role, '/withdraw/requested?page=1', WITHDRAW_QUEUE);
      const bytes = totalBytes(scripts);
      expect(bytes, `${scripts.size} scripts, ${(bytes / 1024).toFixed(1)} KB`).toBeLessThan(BUDGET_BYTES);
      expect(found(scripts, DIALOG_CODE)).toEqual([]);
    });
  }
});
