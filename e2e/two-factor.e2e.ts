/**
 * Two-factor sign-in in the browser, with TWO_FACTOR_REQUIRED on: the seeded dev signs in and is kept on
 * the set-up (QR and key, a code computed here from the key shown, the recovery codes shown once); signing in
 * again asks for a code after the password, "Ingat perangkat ini 30 hari" skips that step the next time, and
 * the profile's card says it is on. Axe finds nothing serious on the set-up, the second step or the card.
 */
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { open } = useSuite({ TWO_FACTOR_REQUIRED: '1' });

/**
 * The code of the step `offset` steps from now: each sign-in spends a later step than the one before. Near a
 * step's end it waits for the next step first, so that the last step's code (the server allows one step of
 * drift) is still current when the server reads it, however slow the form is.
 */
async function codeOf(secret: string, offset: number) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** The session's cookies go; the remembered device (local storage) stays, as after 'Sign out'. */
async function signOut(page: Page) {
  await page.context().clearCookies();
}

describe('two-factor sign-in', () => {
  it('is set up where the dev is kept, then asked after the password, and remembered for this browser', async () => {
    const { context, page } = await open({ viewport: { width: 375, height: 800 }, axe: true });
    await signInThroughForm(page, DEV);
    await page.waitForURL('**/two-factor-setup');
    await page.getByLabel(TWO_FACTOR_TEXT.passwordLabel).fill(DEV.password);
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.start }).click();
    await page.getByRole('img', { name: TWO_FACTOR_TEXT.title }).waitFor();
    // Shown in groups of four, as authenticator apps take it typed.
    const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel(TWO_FACTOR_TEXT.codeLabel).fill(await codeOf(secret, -1));
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.confirm }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.done }).click();
    await page.waitForURL((url) => url.pathname !== '/two-factor-setup');

    // The next sign-in asks for a code after the password; a wrong one is refused and says so.
    await signOut(page);
    await signInThroughForm(page, DEV);
    await page.getByRole('form', { name: TWO_FACTOR_TEXT.stepTitle }).waitFor();
    await page.getByLabel(TWO_FACTOR_TEXT.codeLabel).fill('000000');
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.verify }).click();
    await page.getByText(TWO_FACTOR_TEXT.codeInvalid).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByLabel(TWO_FACTOR_TEXT.codeLabel).fill(await codeOf(secret, 0));
    await page.getByLabel(TWO_FACTOR_TEXT.rememberDevice).check();
    await page.getByRole('button', { name: TWO_FACTOR_TEXT.verify }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');

    // Remembered: the password alone signs in on this browser.
    await signOut(page);
    await signInThroughForm(page, DEV);
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('two-factor-state').textContent()).toBe(TWO_FACTOR_TEXT.on);
    await page.getByText(TWO_FACTOR_TEXT.requiredNote).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
});
