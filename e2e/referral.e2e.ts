/**
 * 'Daftar Referal': a link with the member's code signs a new member up under them, and the member sees
 * the newcomer with what they brought; an admin may open the page but has no list to fetch.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, launchBrowser, newPage, type Server, signInThroughForm, startServer } from './harness.ts';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Daftar Referal', () => {
  it('lists the member who signed up through the referral link, with the total', async () => {
    const referrer = await createUser(server, 'member');
    const { user } = await callApi<{ user: { referral_code: string } }>(server, '/auth/login', { body: referrer });

    const newcomer = { first: 'Sinta', last: `Rujukan${Date.now()}`, email: `sinta.${Date.now()}@e2e.test` };
    const visitor = await newPage(browser, server);
    await visitor.page.goto(`/signup?referral=${user.referral_code}`);
    await expect.poll(() => visitor.page.getByLabel('Kode Referal').inputValue()).toBe(user.referral_code);
    await visitor.page.getByLabel('First Name').fill(newcomer.first);
    await visitor.page.getByLabel('Last Name').fill(newcomer.last);
    await visitor.page.getByLabel('Email').fill(newcomer.email);
    await visitor.page.getByLabel('Password', { exact: true }).fill('rahasia123');
    await visitor.page.getByLabel('Confirm Password').fill('rahasia123');
    await visitor.page.getByLabel(/Saya menyetujui/).check();
    await visitor.page.getByRole('button', { name: 'Sign Up' }).click();
    await visitor.page.waitForURL('**/signin**');
    await visitor.context.close();

    const { context, page } = await newPage(browser, server);
    await signInThroughForm(page, referrer);
    await page.waitForURL('**/dashboard');
    await page.goto('/referral');
    await expect.poll(() => page.getByText(`${newcomer.first} ${newcomer.last}`).count()).toBe(1);
    expect(await page.getByText(newcomer.email).count()).toBe(1);
    expect(await page.getByText(/^Total : Rp\s?0$/).count()).toBe(1);
    await context.close();
  });

  it('shows an admin the page without fetching a list (only a member has one)', async () => {
    const admin = await createUser(server, 'admin');
    const { context, page } = await newPage(browser, server);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('referral-per-page')) asked.push(request.url());
    });
    await signInThroughForm(page, admin);
    await page.waitForURL('**/dashboard');
    await page.goto('/referral');
    await expect.poll(() => page.getByRole('heading', { name: 'Daftar Referal' }).count()).toBe(1);
    expect(await page.getByText('Kosong').count()).toBe(1);
    expect(asked).toEqual([]);
    await context.close();
  });
});
