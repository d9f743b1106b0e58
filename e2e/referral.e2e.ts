/**
 * 'Daftar Referal': a link with the member's code signs a new member up under them, and the member sees
 * the newcomer with what they brought; admins and devs see every referral of the service, searched and
 * paged, at 1366 and 375 px, light and dark, axe clean.
 */
import { REFERRAL_TEXT } from '@sewablast/contract/referral-text';
import { describe, expect, it } from 'vitest';
import { callApi, createUser } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open } = useSuite();

describe('Daftar Referal', () => {
  it('lists the member who signed up through the referral link, with the total', async () => {
    const referrer = await createUser(server, 'member');
    const { user } = await callApi<{ user: { referral_code: string } }>(server, '/auth/login', { body: referrer });

    const newcomer = { first: 'Sinta', last: `Rujukan${Date.now()}`, email: `sinta.${Date.now()}@e2e.test` };
    const visitor = await open();
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

    const { context, page } = await open();
    await signInThroughForm(page, referrer);
    await page.waitForURL('**/dashboard');
    await page.goto('/referral');
    await expect.poll(() => page.getByText(`${newcomer.first} ${newcomer.last}`).count()).toBe(1);
    expect(await page.getByText(newcomer.email).count()).toBe(1);
    expect(await page.getByText(/^Total : Rp\s?0$/).count()).toBe(1);
    await context.close();
  });

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 375, height: 812 },
  ]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows an admin every referral, who referred whom, searched by a word inside a name (${viewport.width} px, ${theme})`, async () => {
        const referrer = await createUser(server, 'member');
        const { user } = await callApi<{ user: { referral_code: string } }>(server, '/auth/login', { body: referrer });
        const stamp = Date.now();
        const newcomer = { firstName: 'Wulan', lastName: `Ajakan${stamp}`, email: `wulan.${stamp}@e2e.test` };
        await callApi(server, '/auth/register', {
          body: {
            ...newcomer,
            password: 'rahasia123',
            password2: 'rahasia123',
            agreeToTerms: true,
            affiliateCode: user.referral_code,
          },
        });
        const admin = await createUser(server, 'admin');
        const { context, page } = await open({ viewport, axe: true });
        await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        await signInThroughForm(page, admin);
        await page.waitForURL('**/dashboard');
        await page.goto('/referral');
        await page.getByRole('heading', { name: REFERRAL_TEXT.title }).waitFor();
        await expect.poll(() => page.getByText(/^Total : Rp\s?\d/).count()).toBe(1);

        // A word from the middle of the newcomer's last name.
        await page.getByLabel(REFERRAL_TEXT.search).fill(`jakan${stamp}`);
        await page.waitForURL((url) => url.searchParams.get('s') === `jakan${stamp}`);
        const newcomerName = page.getByText(`${newcomer.firstName} ${newcomer.lastName}`);
        await expect.poll(() => newcomerName.count()).toBe(1);
        const referrerName = page.getByText(`${referrer.firstname} ${referrer.lastname}`, { exact: true });
        expect(await referrerName.count()).toBe(1);
        expect(await page.getByText(referrer.email).count()).toBe(1);
        expect(await page.getByText(REFERRAL_TEXT.referrer).count()).toBeGreaterThanOrEqual(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axeFindings(page)).toEqual([]);
        if (process.env.SHOTS_DIR) {
          await page.screenshot({
            path: `${process.env.SHOTS_DIR}/referral-admin-${theme}-${viewport.width}.png`,
            fullPage: true,
          });
        }
        await context.close();
      });
    }
  }
});
