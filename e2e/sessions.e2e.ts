/**
 * The profile's signed-in devices in the browser: the list shows each session with this device marked, one
 * is ended from its row, "Keluar dari semua perangkat" ends the others (another browser is sent to sign in)
 * and keeps this one, and 'Sign out' ends this device's token on the server.
 */
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from './api.ts';
import { toast, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open } = useSuite();

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';

/** A sign-in from elsewhere, as a phone's browser would make it; its token. */
async function signInElsewhere(person: { email: string; password: string }, userAgent = ANDROID) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

const validates = async (token: string) =>
  (
    await fetch(`${server.url}/api/auth/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })
  ).status === 200;

async function openProfile(person: { email: string; password: string }, width = 1280) {
  const opened = await open({ viewport: { width, height: 800 } });
  await signInThroughForm(opened.page, person);
  await opened.page.waitForURL((url) => url.pathname !== '/signin');
  await opened.page.goto('/profile');
  await opened.page.getByTestId('session-list').waitFor();
  return opened;
}

const rows = (page: Page) => page.getByTestId('session-row');

describe("the profile's signed-in devices", () => {
  it('lists the sessions, ends one from its row, and signs out every other device', async () => {
    const member = await createUser(server, 'member');
    const phone = await signInElsewhere(member);
    const other = await openProfile(member);
    const { context, page } = await openProfile(member, 375);
    // Registering signed in once as well (harness): that one, the phone, and the two browsers.
    await expect.poll(() => rows(page).count()).toBe(4);
    const here = rows(page).filter({ hasText: SESSION_TEXT.thisDevice });
    await expect.poll(() => here.count()).toBe(1);
    await expect.poll(() => page.getByText('Chrome di Android').count()).toBe(1);

    // One row: the phone. Asked first; then the phone's token is refused.
    const phoneRow = rows(page).filter({ hasText: 'Chrome di Android' });
    await phoneRow.getByRole('button', { name: `${SESSION_TEXT.revoke} Chrome di Android` }).click();
    await page.getByRole('alertdialog', { name: SESSION_TEXT.revokeTitle }).waitFor();
    await page.getByRole('button', { name: SESSION_TEXT.revoke, exact: true }).click();
    await toast(page, SESSION_TEXT.revoked).waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await validates(phone)).toBe(false);

    // Every other device: the other browser is sent to sign in at its next step; this one stays.
    await page.getByTestId('sign-out-everywhere').click();
    await page.getByRole('alertdialog', { name: SESSION_TEXT.everywhereTitle }).waitFor();
    await page.getByRole('button', { name: SESSION_TEXT.everywhereConfirm }).click();
    await toast(page, SESSION_TEXT.othersRevoked(2)).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await other.page.reload();
    await other.page.waitForURL('**/signin');
    await page.reload();
    await page.getByTestId('session-list').waitFor();
    expect(await rows(page).count()).toBe(1);
    await other.context.close();
    await context.close();
  });

  it('sends a dashboard whose session was ended elsewhere to sign in, through its live channel', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await openProfile(member);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'authToken')?.value ?? '';
    // The member dashboard holds the live channel; nothing in the page is touched after this. It is open once
    // the server has answered the page's first ping: listened for as the socket appears, since that answer can
    // come before a listener added later would be there to hear it.
    const answered = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => socket.once('framereceived', () => resolve()));
    });
    await page.goto('/dashboard');
    await answered;
    const phone = await signInElsewhere(member);
    await fetch(`${server.url}/api/auth/sessions/revoke-others`, {
      method: 'POST',
      headers: { authorization: `Bearer ${phone}` },
    });
    // Polled rather than waitForURL(…, { waitUntil: 'commit' }): when the page is already at /signin that call
    // waits for a 'commit' load state Playwright never records, and so never returns.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/signin');
    // The sign-in screen drawn before the context closes: closing one mid-navigation can hang Chromium's close.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await validates(token)).toBe(false);
    await context.close();
  });

  it("ends this device's token on the server with 'Sign out'", async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await openProfile(member);
    const token = (await context.cookies()).find((cookie) => cookie.name === 'authToken')?.value ?? '';
    expect(await validates(token)).toBe(true);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');
    await expect.poll(() => validates(token)).toBe(false);
    await context.close();
  });
});
