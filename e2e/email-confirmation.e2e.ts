/**
 * Email confirmation in the browser against a real SMTP server (issue 20): a new member's Withdraw screen
 * says the email must be confirmed first and offers the resend; the profile says it is not confirmed; the
 * mailed link confirms and says so; followed again it is refused, with the resend offered only signed in.
 */
import { EMAIL_CONFIRM_TEXT } from '@sewablast/contract/email-confirmation-text';
import { describe, expect, it } from 'vitest';
import type { CaughtMail } from '../apps/server/test/mail-catcher.ts';
import { registerUser } from './api.ts';
import { readsLanded, trackRequests, useSuiteWithMail } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open, mail } = useSuiteWithMail();

function linkOf(mail: CaughtMail): URL {
  const link = /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return new URL(link);
}

describe('email confirmation', () => {
  it('asks for it on Withdraw and the profile, and the mailed link confirms once', async () => {
    const member = await registerUser(server);
    const link = linkOf(await mail().mailTo(member.email));
    expect(link.origin).toBe(server.url);

    const { context, page } = await open();
    trackRequests(page);
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/withdraw');
    const notice = page.getByTestId('email-confirmation-notice');
    await notice.getByText(EMAIL_CONFIRM_TEXT.withdrawNoticeTitle).waitFor();
    await notice.getByText(EMAIL_CONFIRM_TEXT.withdrawNotice(member.email)).waitFor();
    // Sign-up has just mailed a link: asking again at once is too soon, and the screen says for how long.
    await notice.getByRole('button', { name: EMAIL_CONFIRM_TEXT.resend }).click();
    await page.getByText(/^Email konfirmasi baru saja dikirim\. Coba lagi dalam \d+ detik\.$/).waitFor();
    // Asking anyway is refused with the reason.
    await page.getByRole('button', { name: 'Kirim Permintaan' }).click();
    await page.getByText(EMAIL_CONFIRM_TEXT.withdrawBlocked).waitFor();

    await page.goto('/profile');
    await page.getByTestId('email-status').getByText(EMAIL_CONFIRM_TEXT.profileUnconfirmed).waitFor();

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(EMAIL_CONFIRM_TEXT.confirmed).waitFor();
    await page.getByRole('link', { name: EMAIL_CONFIRM_TEXT.toDashboard }).waitFor();

    await page.goto('/profile');
    await page.getByTestId('email-status').getByText(EMAIL_CONFIRM_TEXT.profileConfirmed).waitFor();
    await page.goto('/withdraw');
    await page.getByRole('heading', { name: 'Riwayat Withdraw' }).waitFor();
    // The notice is drawn from the screen's reads: none left to land before its absence counts.
    await readsLanded(page, () => false);
    expect(await page.getByTestId('email-confirmation-notice').count()).toBe(0);

    // Used: signed in, the page offers a new mail (here: the address is already confirmed).
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(EMAIL_CONFIRM_TEXT.tokenInvalidSignedIn).waitFor();
    await page.getByRole('button', { name: EMAIL_CONFIRM_TEXT.resend }).click();
    await page.getByText(EMAIL_CONFIRM_TEXT.alreadyConfirmed).waitFor();
    await context.close();

    // Signed out, it says to sign in and send a new one from there.
    const stranger = await open();
    await stranger.page.goto(`${link.pathname}${link.search}`);
    await stranger.page.getByText(EMAIL_CONFIRM_TEXT.tokenInvalid).waitFor();
    expect(await stranger.page.getByRole('button', { name: EMAIL_CONFIRM_TEXT.resend }).count()).toBe(0);
    await stranger.page.getByRole('link', { name: EMAIL_CONFIRM_TEXT.toSignIn }).waitFor();
    await stranger.context.close();
  });
});
