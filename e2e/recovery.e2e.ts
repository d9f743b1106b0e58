/**
 * Recovery in the browser against a real SMTP server: 'Forgot password?' mails a link, the link sets a new
 * password that signs in while an older signed-in tab is signed out; a temporary password from 'Edit
 * Member' must be changed at the next sign-in; sign-up opens the terms in a new tab.
 */
import { DEFAULT_TERMS } from '@sewablast/contract/legal';
import { RECOVERY_TEXT } from '@sewablast/contract/recovery-text';
import { describe, expect, it } from 'vitest';
import { resetLinkOf } from '../apps/server/test/mail-catcher.ts';
import { createUser } from './api.ts';
import { useSuiteWithMail } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open, mail } = useSuiteWithMail();

describe('recovery', () => {
  it('resets a password from the mailed link, and signs out the older tab', async () => {
    const member = await createUser(server, 'member');
    const old = await open();
    await signInThroughForm(old.page, member);
    await old.page.waitForURL('**/dashboard');

    const { context, page } = await open();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: RECOVERY_TEXT.send }).click();
    await page.getByText(RECOVERY_TEXT.sent).waitFor();

    // The first mail to a member who signed up here is the link that confirms their address.
    const link = resetLinkOf(await mail().mailTo(member.email, 1));
    expect(link.origin).toBe(server.url);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Password Baru', { exact: true }).fill('baru-sekali-1');
    await page.getByLabel('Konfirmasi Password Baru').fill('baru-sekali-1');
    await page.getByRole('button', { name: RECOVERY_TEXT.save }).click();
    await page.getByText(RECOVERY_TEXT.resetDone).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/signin');

    await signInThroughForm(page, { email: member.email, password: 'baru-sekali-1' });
    await page.waitForURL('**/dashboard');

    // The old tab finds its session ended and leaves for /signin while the reload is still loading, which
    // aborts a wait for that load: wait for the reload to start, then for the address.
    await old.page.reload({ waitUntil: 'commit' });
    await expect.poll(() => new URL(old.page.url()).pathname, { timeout: 15_000 }).toBe('/signin');

    // The link was single use.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Password Baru', { exact: true }).fill('lagi-lagi-22');
    await page.getByLabel('Konfirmasi Password Baru').fill('lagi-lagi-22');
    await page.getByRole('button', { name: RECOVERY_TEXT.save }).click();
    await page.getByText(RECOVERY_TEXT.tokenInvalid).waitFor();
    await context.close();
    await old.context.close();
  });

  it('makes a member change a temporary password from Edit Member before anything else', async () => {
    const admin = await createUser(server, 'admin');
    const member = await createUser(server, 'member');
    const { context, page } = await open();
    await signInThroughForm(page, admin);
    await page.waitForURL('**/dashboard');
    await page.goto(`/member/edit?id=${member.id}`);
    await page.getByRole('button', { name: RECOVERY_TEXT.temporaryButton }).click();
    await page.getByRole('button', { name: RECOVERY_TEXT.temporaryConfirmLabel }).click();
    const shown = page.getByTestId('temporary-password');
    await shown.waitFor();
    const temporary = (await shown.textContent()) ?? '';
    expect(temporary).toMatch(/^[A-Za-z0-9]{10}$/);
    await context.close();

    const own = await open();
    await signInThroughForm(own.page, { email: member.email, password: temporary });
    await own.page.waitForURL('**/change-password');
    await own.page.goto('/withdraw');
    await own.page.waitForURL('**/change-password');
    await own.page.getByLabel(RECOVERY_TEXT.currentLabel).fill(temporary);
    await own.page.getByLabel('Password Baru', { exact: true }).fill('pilihan-sendiri');
    await own.page.getByLabel('Konfirmasi Password Baru').fill('pilihan-sendiri');
    await own.page.getByRole('button', { name: RECOVERY_TEXT.save }).click();
    await own.page.waitForURL('**/dashboard');
    // The toast is raised on /change-password and shows on the dashboard it moves to.
    await own.page.locator('[data-sonner-toast]').filter({ hasText: RECOVERY_TEXT.changed }).waitFor();
    await own.page.goto('/withdraw');
    await own.page.waitForURL('**/withdraw');
    await own.context.close();
  });

  it('opens the terms from sign-up in a new tab, with the default text', async () => {
    const { context, page } = await open();
    await page.goto('/signup');
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Syarat & Ketentuan' }).click(),
    ]);
    await terms.waitForURL('**/terms');
    await terms.getByRole('heading', { name: 'Syarat dan Ketentuan' }).waitFor();
    const first = DEFAULT_TERMS.split('\n\n')[0] ?? '';
    await terms.getByText(first).waitFor();
    await terms.getByRole('link', { name: 'Kebijakan Privasi' }).click();
    await terms.getByRole('heading', { name: 'Kebijakan Privasi' }).waitFor();
    await context.close();
  });
});
