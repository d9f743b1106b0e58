/**
 * The Profile screen in the browser (issue 11 items 5 and 9, spec part 2 §2 Profile): a member without bank
 * details is sent from Withdraw to the profile editor, fills them and then withdraws; 'Copy Link Referral'
 * signs a newcomer up under the member; a password change asks for the current password and keeps this tab
 * signed in; the modal opens from the address and closes on Escape; axe finds nothing serious.
 */
import { PROFILE_TEXT } from '@sewablast/contract/profile';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person, updateSettings } from './api.ts';
import { axeFindings, toast, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

/** A bank only this test's settings name, so that choosing it proves the select reads the settings. */
const BANK = 'BANK UJI';

const { server, context: newContext, signedIn } = useSuite();
let devToken: string;

beforeAll(async () => {
  devToken = await login(server, DEV);
  await updateSettings(server, devToken, { bank_names: `BCA, ${BANK}, MANDIRI` });
});

const editor = (page: Page) => page.getByRole('dialog', { name: PROFILE_TEXT.editTitle });
const userOf = async (person: Person) =>
  (await callApi<{ user: Record<string, unknown> }>(server, `/admin/users/${person.id}`, { token: devToken })).user;

describe('the withdraw flow through the profile', () => {
  it("goes from 'Gagal' to the profile editor, saves the bank details and then withdraws", async () => {
    const member = await createUser(server, 'member');
    await callApi(server, '/admin/bonus/create', {
      body: { userId: member.id, nominal: 25_000, reason: 'Modal uji withdraw' },
      token: devToken,
    });
    const { context, page } = await signedIn(member, { axe: true });
    await page.goto('/withdraw');
    await page.getByRole('button', { name: 'Kirim Permintaan' }).click();
    const failed = page.getByRole('dialog', { name: WITHDRAW_TEXT.failedTitle });
    await failed.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/profile?edit=1');

    const dialog = editor(page);
    await dialog.waitFor();
    // The first field has the focus, so typing starts at once.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstname');
    const bank = dialog.getByLabel(PROFILE_TEXT.labels.bank);
    // The banks come from the settings, read beside the profile's other cards: the list is awaited.
    await expect
      .poll(() => bank.locator('option').allTextContents())
      .toEqual([PROFILE_TEXT.chooseBank, 'BCA', BANK, 'MANDIRI']);
    await bank.selectOption(BANK);
    await dialog.getByLabel(PROFILE_TEXT.labels.accountNumber).fill('9876543210');
    await dialog.getByLabel(PROFILE_TEXT.labels.accountName).fill('Pemilik Rekening');
    // A new payout account asks for the current password.
    await dialog.getByLabel(PROFILE_TEXT.labels.currentPassword).fill(member.password);
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await toast(page, PROFILE_TEXT.saved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    const info = page.getByTestId('personal-info');
    for (const value of [BANK, '9876543210', 'Pemilik Rekening']) {
      await expect.poll(() => info.getByText(value, { exact: true }).count()).toBe(1);
    }
    expect(await userOf(member)).toMatchObject({
      account_bank: BANK,
      account_number: '9876543210',
      account_name: 'Pemilik Rekening',
    });

    await page.goto('/withdraw');
    await page.getByRole('button', { name: 'Kirim Permintaan' }).click();
    await toast(page, WITHDRAW_TEXT.requested).waitFor();
    await expect.poll(() => page.locator('[data-status="requested"]').count()).toBe(1);
    const { list } = await callApi<{ list: { nominal: number; status: string }[] }>(
      server,
      `/admin/withdraw/history/${member.id}`,
      { token: devToken },
    );
    expect(list).toMatchObject([{ nominal: 10_000, status: 'requested' }]);
    await context.close();
  });
});

describe('the profile card', () => {
  it('copies a sign-up link that signs a newcomer up under the member, and says when copying fails', async () => {
    const referrer = await createUser(server, 'member');
    const { context, page } = await signedIn(referrer, { axe: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto('/profile');
    await page.getByRole('button', { name: PROFILE_TEXT.copyLink }).click();
    await toast(page, PROFILE_TEXT.copied).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const { referral_code } = await userOf(referrer);
    expect(link).toBe(`${server.url}/signup?referral=${referral_code}`);

    const newcomer = { first: 'Rina', last: `Salinan${Date.now()}`, email: `rina.${Date.now()}@e2e.test` };
    const visitor = await newContext();
    const signup = await visitor.newPage();
    await signup.goto(link);
    await expect.poll(() => signup.getByLabel('Kode Referal').inputValue()).toBe(referral_code);
    await signup.getByLabel('First Name').fill(newcomer.first);
    await signup.getByLabel('Last Name').fill(newcomer.last);
    await signup.getByLabel('Email').fill(newcomer.email);
    await signup.getByLabel('Password', { exact: true }).fill('rahasia123');
    await signup.getByLabel('Confirm Password').fill('rahasia123');
    await signup.getByLabel(/Saya menyetujui/).check();
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await signup.waitForURL('**/signin**');
    await visitor.close();
    const { user } = await callApi<{ user: { referred_by: number | null } }>(server, '/auth/login', {
      body: { email: newcomer.email, password: 'rahasia123' },
    });
    expect(user.referred_by).toBe(referrer.id);

    // A browser that refuses the clipboard.
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      }),
    );
    await page.getByRole('button', { name: PROFILE_TEXT.copyLink }).click();
    await toast(page, PROFILE_TEXT.copyFailed).waitFor();
    await context.close();
  });

  it("shows 'Error: ...' in place of the page when the profile cannot be read", async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { axe: true });
    await page.route(`**/api/admin/users/${member.id}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ msg: 'Rusak' }) }),
    );
    await page.goto('/profile');
    await page.getByText('Error: Rusak', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: PROFILE_TEXT.title }).count()).toBe(0);
    await context.close();
  });
});

describe('the edit modal', () => {
  it('opens from the user menu and the Edit button, closes on Escape and the close button, and renames the header', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { axe: true });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Edit profile' }).click();
    await page.waitForURL('**/profile?edit=true');
    await editor(page).waitFor();
    await page.keyboard.press('Escape');
    await editor(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    const edit = page.getByRole('button', { name: PROFILE_TEXT.edit, exact: true });
    await edit.click();
    await editor(page).waitFor();
    expect(new URL(page.url()).searchParams.get('edit')).toBe('true');
    await editor(page).getByRole('button', { name: PROFILE_TEXT.close }).click();
    await editor(page).waitFor({ state: 'detached' });
    // Focus is back where the modal was opened from.
    expect(await edit.evaluate((button) => button === document.activeElement)).toBe(true);

    await edit.click();
    await editor(page).getByLabel(PROFILE_TEXT.labels.firstname).fill('Namabaru');
    await editor(page).getByRole('button', { name: PROFILE_TEXT.save }).click();
    await toast(page, PROFILE_TEXT.saved).waitFor();
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('Namabaru');
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe(`Namabaru ${member.lastname}`);
    await context.close();
  });

  it('refuses a wrong current password under its field, and after the right one keeps this tab signed in', async () => {
    const member = await createUser(server, 'member');
    const otherSession = await login(server, member);
    const { context, page } = await signedIn(member, { axe: true });
    await page.goto('/profile?edit=1');
    const dialog = editor(page);
    await dialog.waitFor();
    const current = dialog.getByLabel(PROFILE_TEXT.labels.currentPassword);
    expect(await current.count()).toBe(0);
    expect(await dialog.getByPlaceholder(PROFILE_TEXT.passwordPlaceholder).count()).toBe(1);
    await dialog.getByLabel(PROFILE_TEXT.labels.password).fill('sandibaru1');
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await dialog.getByText(SERVER_TEXT.currentPasswordRequired).waitFor();

    await current.fill('tebakan');
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await dialog.getByText(SERVER_TEXT.currentPasswordWrong).waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(member.password);
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await toast(page, PROFILE_TEXT.saved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: PROFILE_TEXT.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    // The other session has ended; the new password signs in.
    await expect(callApi(server, `/admin/users/${member.id}`, { token: otherSession })).rejects.toThrow(/401/);
    await callApi(server, '/auth/login', { body: { email: member.email, password: 'sandibaru1' } });
    await context.close();
  });
});

describe('axe on the profile', () => {
  it('finds nothing serious on the page and the open modal, light and dark, at 1366 and 375 px', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { axe: true });
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      for (const width of [1366, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/profile');
        await page.getByTestId('personal-info').waitFor();
        const where = `${theme} ${width}`;
        problems.push(...(await axeFindings(page)).map((finding) => `${where} page: ${finding}`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
        await page.goto('/profile?edit=1');
        await editor(page).getByLabel(PROFILE_TEXT.labels.bank).waitFor();
        problems.push(...(await axeFindings(page)).map((finding) => `${where} modal: ${finding}`));
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
