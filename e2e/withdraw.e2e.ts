/**
 * Withdrawals in the browser (issue 11 item 1, spec part 2 §4): a member without bank details is sent to
 * the profile editor; a member with them requests (one withdrawal however often the button is clicked);
 * staff accept; an admin rejects another and cancels the rejection. The money is earned the real way: the
 * member blasts through a simulated account at a fee the dev sets high enough for a few sends to cover it.
 */
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { blastUntil, callApi, createUser, linkAccount, login, type Person, setBlastFee } from './api.ts';
import { axeFindings, toast, useSuite, withdrawalRow } from './fixture.ts';
import { DEV } from './harness.ts';

/** The fee per successful blast: two sends cover the two withdrawals of the tests. */
const FEE = 10_000;
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };

// The demo seed brings the numbers and the message templates a blast sends.
const { server, signedIn } = useSuite({ SIM_SCAN_MS: '600000', SEED_DEMO: '1' });
let devToken: string;
let earner: Person;

/** Signed in once per person: sign-in is rate limited. */
const tokens = new Map<string, string>();
async function tokenOf(person: { email: string; password: string }) {
  const known = tokens.get(person.email);
  if (known) return known;
  const token = await login(server, person);
  tokens.set(person.email, token);
  return token;
}
/** Read as the dev, who may read anybody's figures. */
const balanceOf = async (person: Person) =>
  (await callApi<{ balance: number }>(server, `/admin/withdraw/balance/${person.id}`, { token: devToken })).balance;
const withdrawalsOf = async (person: Person) =>
  (
    await callApi<{ list: { id: number; nominal: number; status: string }[] }>(
      server,
      `/admin/withdraw/history/${person.id}`,
      { token: devToken },
    )
  ).list;

/** Blasts from a simulated account until the member holds at least `amount`, then stops. */
async function earn(person: Person, amount: number) {
  const token = await tokenOf(person);
  const deviceId = `wd-${Date.now().toString(36)}`;
  await linkAccount(server, devToken, token, person.id, deviceId);
  await blastUntil(server, token, deviceId, async () => (await balanceOf(person)) >= amount);
}

beforeAll(async () => {
  devToken = await tokenOf(DEV);
  await setBlastFee(server, devToken, FEE);
  earner = await createUser(server, 'member');
  await callApi(server, `/admin/users/${earner.id}`, {
    method: 'PUT',
    body: { ...BANK, blast_interval_min: 1, blast_interval_max: 1 },
    token: devToken,
  });
  await earn(earner, 2 * FEE);
}, 120_000);

describe('the member Withdraw page', () => {
  it("answers a member without bank details with 'Gagal', whose OK opens the profile editor", async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { axe: true });
    await page.goto('/withdraw');
    expect(await page.getByLabel('Jumlah (Rp)').inputValue()).toBe('10000');
    // Below the minimum: the spec's dialog, and nothing sent; OK closes it and the page stays.
    await page.getByLabel('Jumlah (Rp)').fill('5000');
    await page.getByRole('button', { name: 'Kirim Permintaan' }).click();
    const dialog = page.getByRole('dialog', { name: WITHDRAW_TEXT.failedTitle });
    await dialog.waitFor();
    expect(await dialog.getByText(WITHDRAW_TEXT.minimum).count()).toBe(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText(WITHDRAW_TEXT.minimum).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/withdraw');
    // Typing a new amount reopens nothing: the amount is checked when it is sent.
    await page.getByLabel('Jumlah (Rp)').fill('1');
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(0);

    await page.getByLabel('Jumlah (Rp)').fill('10000');
    await page.getByRole('button', { name: 'Kirim Permintaan' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(WITHDRAW_TEXT.bankDetailsMissing);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/profile?edit=1');
    expect(await withdrawalsOf(member)).toEqual([]);
    await context.close();
  });

  it('takes one withdrawal for a double click, lowers the balance and lists it as requested', async () => {
    const before = await balanceOf(earner);
    const { context, page } = await signedIn(earner, { axe: true });
    await page.goto('/withdraw');
    const balance = page.getByTestId('withdraw-balance');
    const rupiah = async () => Number(((await balance.textContent()) ?? '').replace(/\D/g, ''));
    await expect.poll(rupiah).toBe(before);
    // Audited at rest: sonner's rich-coloured success toast has its own contrast finding (see the report).
    expect(await axeFindings(page)).toEqual([]);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/withdraw/request')) sent.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Kirim Permintaan' }).dblclick();
    await toast(page, WITHDRAW_TEXT.requested).waitFor();
    await expect.poll(rupiah).toBe(before - 10_000);
    await expect.poll(() => page.locator('[data-status="requested"]').count()).toBe(1);
    expect(await withdrawalsOf(earner)).toMatchObject([{ nominal: 10_000, status: 'requested' }]);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);

    // Below 640 px the history is cards, with nothing scrolling sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.getByTestId('row-cards').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});

describe('Permintaan Withdraw', () => {
  it('staff land on the queue, see the bank details and accept a request', async () => {
    const staff = await createUser(server, 'staff');
    const { context, page } = await signedIn(staff, { axe: true });
    await page.waitForURL('**/withdraw/requested?page=1');
    const row = withdrawalRow(page, earner, 'requested');
    await row.waitFor();
    expect(await axeFindings(page)).toEqual([]);

    const name = `${earner.firstname} ${earner.lastname}`;
    await row.getByRole('button', { name, exact: true }).click();
    const bank = page.getByRole('dialog', { name });
    for (const value of Object.values(BANK)) expect(await bank.textContent()).toContain(value);
    await bank.getByRole('button', { name: 'Tutup' }).click();

    await row.getByRole('button', { name: /^Terima/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Terima' }).click();
    await toast(page, WITHDRAW_TEXT.accepted).waitFor();
    await withdrawalRow(page, earner, 'accepted').waitFor();
    expect(await withdrawalsOf(earner)).toMatchObject([{ status: 'accepted' }]);
    await context.close();
  });

  it('an admin rejects another request, giving the money back, and cancels the rejection', async () => {
    const token = await tokenOf(earner);
    await callApi(server, '/admin/withdraw/request', { body: { nominal: 10_000 }, token });
    const held = await balanceOf(earner);
    const admin = await createUser(server, 'admin');
    const { context, page } = await signedIn(admin, { axe: true });
    await page.goto('/withdraw/requested?page=1');
    await page.getByLabel('Filter Status').selectOption('requested');
    await page.waitForURL(/status=requested/);
    // Newest first: the request just made.
    const waiting = withdrawalRow(page, earner, 'requested').first();
    await waiting.waitFor();
    await waiting.getByRole('button', { name: /^Tolak/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Tolak' }).click();
    await toast(page, WITHDRAW_TEXT.rejected).waitFor();
    expect(await balanceOf(earner)).toBe(held + 10_000);

    await page.getByLabel('Filter Status').selectOption('rejected');
    const rejected = withdrawalRow(page, earner, 'rejected').first();
    await rejected.getByRole('button', { name: /^Batalkan/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Batalkan' }).click();
    await toast(page, WITHDRAW_TEXT.cancelled).waitFor();
    expect(await balanceOf(earner)).toBe(held);
    const statuses = (await withdrawalsOf(earner)).map((withdrawal) => withdrawal.status).sort();
    expect(statuses).toEqual(['accepted', 'requested']);
    await context.close();
  });
});
