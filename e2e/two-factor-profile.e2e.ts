/**
 * What the profile and the managers' list add to two-factor sign-in, in the browser: a member with 2FA on
 * signs in remembering the device, finds it under 'Perangkat yang Diingat' and forgets it, and makes new
 * recovery codes with the password (shown once); a dev opens 'Daftar Staf & Admin' from the menu and resets
 * a staff user's second factor there. Axe finds nothing serious on either screen.
 */
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, type Person } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { server, open } = useSuite();

/** The code of the step `offset` steps from now, waiting out a step's last seconds (see two-factor.e2e.ts). */
async function codeOf(secret: string, offset: number) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Turns the person's second factor on through the API (the last step's code); the secret. */
async function withTwoFactor(person: Person): Promise<string> {
  const { token } = await callApi<{ token: string }>(server, '/auth/login', {
    body: { email: person.email, password: person.password },
  });
  const { secret } = await callApi<{ secret: string }>(server, '/auth/two-factor/setup', {
    body: { current_password: person.password },
    token,
  });
  await callApi(server, '/auth/two-factor/enable', { body: { code: await codeOf(secret, -1) }, token });
  return secret;
}

describe('the profile', () => {
  it('lists the remembered device and forgets it, and makes new recovery codes shown once', async () => {
    const member = await createUser(server, 'member');
    const secret = await withTwoFactor(member);
    const { context, page } = await open({ viewport: { width: 375, height: 800 }, axe: true });
    await signInThroughForm(page, member);
    await page.getByRole('form', { name: TWO_FACTOR_TEXT.stepTitle }).waitFor();
    await page.getByLabel(TWO_FACTOR_TEXT.codeLabel).fill(await codeOf(secret, 0));
    await page.getByLabel(TWO_FACTOR_TEXT.rememberDevice).check();
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.verify }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');

    await page.goto('/profile');
    await page.getByRole('heading', { name: TWO_FACTOR_TEXT.devicesTitle }).waitFor();
    await expect.poll(() => page.getByTestId('remembered-device').count()).toBe(1);
    await page.getByText(`${TWO_FACTOR_TEXT.lastUsed}: ${TWO_FACTOR_TEXT.neverUsed}`).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    // New recovery codes: a wrong password is said under its field; the right one shows ten codes once.
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.regenerate }).click();
    await page.getByLabel(TWO_FACTOR_TEXT.passwordLabel).fill('salah-sekali');
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.regenerate }).click();
    await page.getByText('Password saat ini salah.').first().waitFor();
    await page.getByLabel(TWO_FACTOR_TEXT.passwordLabel).fill(member.password);
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.regenerate }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.done }).click();
    await page.getByText(TWO_FACTOR_TEXT.recoveryLeft(10)).waitFor();

    // Forgetting the device is asked first; the list is then empty.
    await page.getByRole('button', { name: /^Lupakan / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: TWO_FACTOR_TEXT.forget }).click();
    await page.getByText(TWO_FACTOR_TEXT.devicesEmpty).waitFor();
    await context.close();
  });
});

describe('Daftar Staf & Admin', () => {
  it("is reached from the menu and resets a staff user's second factor there", async () => {
    const staff = await createUser(server, 'staff');
    await withTwoFactor(staff);
    const { context, page } = await open({ viewport: { width: 1366, height: 800 }, axe: true });
    await signInThroughForm(page, DEV);
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.getByRole('link', { name: TWO_FACTOR_TEXT.staffTitle }).click();
    await page.waitForURL('**/back-office');
    await page.getByRole('heading', { name: TWO_FACTOR_TEXT.staffTitle }).waitFor();
    const row = page.getByRole('row').filter({ hasText: staff.email });
    await expect.poll(() => row.getByTestId('back-office-two-factor').textContent()).toBe(TWO_FACTOR_TEXT.on);
    expect(await axeFindings(page)).toEqual([]);
    await row.getByRole('button', { name: TWO_FACTOR_TEXT.resetLabel(`${staff.firstname} ${staff.lastname}`) }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: TWO_FACTOR_TEXT.resetConfirm }).click();
    await page.getByText(TWO_FACTOR_TEXT.resetDone).waitFor();
    await expect.poll(() => row.getByTestId('back-office-two-factor').textContent()).toBe(TWO_FACTOR_TEXT.off);
    // The dev's own row has no reset.
    const own = page.getByRole('row').filter({ hasText: DEV.email });
    expect(await own.getByRole('button').count()).toBe(0);
    await context.close();
  });
});
