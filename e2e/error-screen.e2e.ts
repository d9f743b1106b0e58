/**
 * A page that cannot be drawn shows the app's own screen, never the router's developer page: a stored user
 * that does not parse is taken from the token's validation instead, and a screen whose code fails to load
 * says so in Indonesian with a way home and a way to sign in again.
 */
import { ERROR_SCREEN_TEXT } from '@sewablast/contract/texts';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Person } from './api.ts';
import { axeFindings, readsLanded, trackRequests, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open } = useSuite();
let member: Person;
let admin: Person;
beforeAll(async () => {
  member = await createUser(server, 'member');
  admin = await createUser(server, 'admin');
});

const DEVELOPER_PAGE = /Unexpected Application Error|Hey developer/;

/** Signed in with axe loaded, once the first page's own validation has stored the user again. */
async function signedInSettled(person: Person, viewport: { width: number; height: number }) {
  const opened = await open({ viewport, axe: true });
  trackRequests(opened.page);
  await signInThroughForm(opened.page, person);
  await opened.page.waitForURL((url) => url.pathname !== '/signin');
  // The first page's own validation stores the user once more: that is over before a test spoils the cookie.
  await readsLanded(opened.page, () => false);
  return opened;
}

const storedUser = async (context: BrowserContext) => {
  const cookie = (await context.cookies()).find((one) => one.name === 'user');
  return JSON.parse(decodeURIComponent(cookie?.value ?? 'null')) as { firstname?: string } | null;
};

async function spoilStoredUser(context: BrowserContext, value: string) {
  await context.addCookies([{ name: 'user', value: encodeURIComponent(value), url: server.url }]);
  expect(await storedUser(context)).toEqual(JSON.parse(value));
}

describe('the app’s own error screen', () => {
  it.each([
    { width: 1366, height: 800 },
    { width: 375, height: 812 },
  ])('replaces a malformed user cookie from the token’s validation at $width px', async (viewport) => {
    const { context, page } = await signedInSettled(member, viewport);
    for (const value of ['{"role":"member"}', JSON.stringify({ id: 1, role: 'member', firstname: null })]) {
      await spoilStoredUser(context, value);
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard Member' }).waitFor();
      expect(await page.getByText(DEVELOPER_PAGE).count()).toBe(0);
      expect(await page.getByText(`Selamat datang, ${member.firstname}!`).count()).toBe(1);
      expect((await storedUser(context))?.firstname).toBe(member.firstname);
    }
    await context.close();
  });

  it('says so when the stored user is malformed and the server cannot be asked who it is, at 375 px', async () => {
    const { context, page } = await signedInSettled(member, { width: 375, height: 812 });
    await spoilStoredUser(context, '{"role":"member"}');
    await page.route(/\/api\/auth\/validate$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Terjadi kesalahan' }).waitFor();
    expect(await page.getByText(ERROR_SCREEN_TEXT.sessionUnverified).count()).toBe(1);
    expect(await page.getByText(DEVELOPER_PAGE).count()).toBe(0);
    expect(await axeFindings(page, 'all')).toEqual([]);
    await context.close();
  });

  it.each([
    { width: 1366, height: 800 },
    { width: 375, height: 812 },
  ])(
    'shows a screen whose code fails to load as an Indonesian error at $width px, with a way home and back in',
    async (viewport) => {
      const { context, page } = await signedInSettled(admin, viewport);
      await page.route(/\/assets\/level-list-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
      await page.goto('/level');
      await page.getByRole('heading', { name: 'Terjadi kesalahan' }).waitFor();
      expect(await page.getByText(DEVELOPER_PAGE).count()).toBe(0);
      expect(await page.getByText(/at \S+ \(http/).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Kembali ke Beranda' }).getAttribute('href')).toBe('/');
      expect(await axeFindings(page, 'all')).toEqual([]);

      await page.getByRole('link', { name: 'Masuk lagi' }).click();
      await page.waitForURL('**/signin');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('authToken');
      await context.close();
    },
  );
});
