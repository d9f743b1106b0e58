/**
 * Where a member's money goes, in the browser: the profile asks for the current password when (and only
 * when) the payout bank account or the email changes; the staff queue flags a request made soon after a bank
 * change; only an admin or a dev is offered Batalkan on a paid (accepted) withdrawal, and its dialog asks for
 * the reason, which the row then shows.
 */
import { ACCOUNT_CHANGE_TEXT } from '@sewablast/contract/account-change-text';
import { PROFILE_TEXT } from '@sewablast/contract/profile';
import { payoutCancelledText, WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login } from './api.ts';
import { axeFindings, toast, useSuite, withdrawalRow } from './fixture.ts';
import { DEV } from './harness.ts';

const { server, signedIn } = useSuite();
let devToken: string;

beforeAll(async () => {
  devToken = await login(server, DEV);
});

describe('the profile form', () => {
  it('asks for the current password only when the bank account or the email changes', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { axe: true });
    await page.goto('/profile?edit=true');
    const dialog = page.getByRole('dialog', { name: PROFILE_TEXT.editTitle });
    await dialog.waitFor();
    const current = dialog.getByLabel(PROFILE_TEXT.labels.currentPassword);
    expect(await current.count()).toBe(0);

    // A name alone saves without it.
    await dialog.getByLabel(PROFILE_TEXT.labels.firstname).fill('Namaku');
    expect(await current.count()).toBe(0);
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await toast(page, PROFILE_TEXT.saved).waitFor();

    await page.goto('/profile?edit=true');
    await dialog.waitFor();
    await dialog.getByLabel(PROFILE_TEXT.labels.bank).selectOption('BCA');
    await current.waitFor();
    // Putting the bank back as it was hides it again.
    await dialog.getByLabel(PROFILE_TEXT.labels.bank).selectOption('');
    await current.waitFor({ state: 'detached' });
    await dialog.getByLabel(PROFILE_TEXT.labels.bank).selectOption('BCA');
    await dialog.getByLabel(PROFILE_TEXT.labels.accountNumber).fill('1112223334');
    await dialog.getByLabel(PROFILE_TEXT.labels.accountName).fill('Namaku Sendiri');
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await dialog.getByText(ACCOUNT_CHANGE_TEXT.currentPasswordRequired).waitFor();

    await current.fill('bukan-ini');
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await dialog.getByText(ACCOUNT_CHANGE_TEXT.currentPasswordWrong).waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(member.password);
    await dialog.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await toast(page, PROFILE_TEXT.saved).waitFor();
    const { user } = await callApi<{ user: Record<string, unknown> }>(server, `/admin/users/${member.id}`, {
      token: devToken,
    });
    expect(user).toMatchObject({ account_bank: 'BCA', account_number: '1112223334' });

    // A new email asks for it too.
    await page.goto('/profile?edit=true');
    await dialog.waitFor();
    await dialog.getByLabel(PROFILE_TEXT.labels.email).fill(`baru.${member.id}@e2e.test`);
    await current.waitFor();
    await context.close();
  });
});

describe('Permintaan Withdraw', () => {
  it('flags a request after a bank change, keeps Batalkan of a paid one from staff, and asks an admin why', async () => {
    const member = await createUser(server, 'member');
    const memberToken = await login(server, member);
    await callApi(server, `/admin/users/${member.id}`, {
      method: 'PUT',
      body: {
        account_bank: 'BCA',
        account_number: '5556667778',
        account_name: 'Pemilik',
        current_password: member.password,
      },
      token: memberToken,
    });
    await callApi(server, '/admin/bonus/create', {
      body: { userId: member.id, nominal: 10_000, reason: 'Modal uji' },
      token: devToken,
    });
    const { data } = await callApi<{ data: { id: number } }>(server, '/admin/withdraw/request', {
      body: { nominal: 10_000 },
      token: memberToken,
    });
    await callApi(server, '/admin/withdraw/update', {
      method: 'PUT',
      body: { id: data.id, status: 'accepted' },
      token: devToken,
    });

    const staff = await createUser(server, 'staff');
    const asStaff = await signedIn(staff, { axe: true });
    await asStaff.page.waitForURL('**/withdraw/requested?page=1');
    const paid = withdrawalRow(asStaff.page, member, 'accepted');
    await paid.waitFor();
    await paid.getByText(WITHDRAW_TEXT.recentBankChange, { exact: true }).waitFor();
    expect(await paid.getByText(WITHDRAW_TEXT.recentBankChangeNote).count()).toBe(1);
    expect(await paid.getByRole('button', { name: /^Batalkan/ }).count()).toBe(0);
    expect(await axeFindings(asStaff.page)).toEqual([]);
    await asStaff.context.close();

    const admin = await createUser(server, 'admin');
    const { context, page } = await signedIn(admin, { axe: true });
    await page.goto('/withdraw/requested?page=1');
    const row = withdrawalRow(page, member, 'accepted');
    await row.getByRole('button', { name: /^Batalkan/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Batalkan pembayaran?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(WITHDRAW_TEXT.cancelPaidWarning);
    await dialog.getByRole('button', { name: 'Batalkan', exact: true }).click();
    await dialog.getByText(WITHDRAW_TEXT.cancelReasonRequired).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByLabel(WITHDRAW_TEXT.cancelReasonLabel).fill('Transfer ditolak bank tujuan');
    await dialog.getByRole('button', { name: 'Batalkan', exact: true }).click();
    await toast(page, WITHDRAW_TEXT.cancelled).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const back = withdrawalRow(page, member, 'requested');
    await back.getByText(payoutCancelledText('Transfer ditolak bank tujuan')).waitFor();
    const { list } = await callApi<{ list: { status: string; cancelReason: string | null }[] }>(
      server,
      `/admin/withdraw/history/${member.id}`,
      { token: devToken },
    );
    expect(list).toMatchObject([{ status: 'requested', cancelReason: 'Transfer ditolak bank tujuan' }]);
    await context.close();
  });
});
