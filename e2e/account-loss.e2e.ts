/**
 * Why an account was lost, in the browser: a member's account blasts, WhatsApp bans it, and an admin opens its
 * 'Riwayat' on /member/whatsapp (its sends hour by hour, its events up to the ban in order) and the service-wide
 * 'Analisis Blokir' page (the lost account beside the kept ones, and in the list of lost accounts). Both axe
 * clean; screenshots at 1366 and 375 px, light and dark, into SHOTS_DIR when it is set.
 */
import { ACCOUNT_LOSS_TEXT, seriesLabel } from '@sewablast/contract/account-loss-text';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { blastUntil, callApi, createUser, linkAccount, login, type Person, simulate, until } from './api.ts';
import { axeFindings, shoot, shootThisWidth, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite({ SEED_DEMO: '1', SIM_SCAN_MS: '600000' });
const DEVICE = 'loss-e2e-device';
let page: Page;
let member: Person;
let phonenumber = '';

beforeAll(async () => {
  const devToken = await login(suite.server, DEV);
  member = await createUser(suite.server, 'member');
  const token = await login(suite.server, member);
  await callApi(suite.server, `/admin/users/${member.id}`, {
    method: 'PUT',
    body: { blast_interval_min: 1, blast_interval_max: 1 },
    token: devToken,
  });
  ({ phonenumber } = await linkAccount(suite.server, devToken, token, member.id, DEVICE));
  await blastUntil(suite.server, token, DEVICE, (counts) => counts.count_success + counts.count_fail >= 3);
  expect((await simulate(suite.server, devToken, DEVICE, 'ban')).status).toBe(200);
  await until(
    async () =>
      (await callApi<{ whatsapp: { state: string } }>(suite.server, `/admin/whatsapp/${DEVICE}`, { token })).whatsapp
        .state,
    (state) => state === 'suspended',
  );
  const admin = await createUser(suite.server, 'admin');
  ({ page } = await suite.signedIn(admin, { viewport: { width: 1366, height: 800 }, axe: true }));
  await page.waitForURL('**/dashboard');
});

describe("a lost account's Riwayat", () => {
  it('shows its sends hour by hour and its events up to the ban, in order, at 1366 and 375 px', async () => {
    await page.goto(`/member/whatsapp?id=${member.id}`);
    // Named: at 375 px the sidebar is a dialog too.
    const dialog = page.getByRole('dialog', { name: ACCOUNT_LOSS_TEXT.historyOf(phonenumber) });
    for (const [width, height] of [
      [1366, 800],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByRole('button', { name: ACCOUNT_LOSS_TEXT.history }).click();
      await dialog.getByText(/48 jam sebelum diblokir \(suspend\) pada/).waitFor();
      const sends = dialog.getByRole('img', { name: new RegExp(`^${seriesLabel('sends')}: total [3-9]`) });
      await sends.waitFor();
      const events = dialog.getByRole('list').last().getByRole('listitem');
      await expect.poll(() => events.count()).toBeGreaterThanOrEqual(2);
      const kinds = await events.allTextContents();
      // Linked (a proxy given, the session up), then the ban last.
      expect(kinds[0]).toContain('Proxy diganti');
      expect(kinds.some((kind) => kind.includes('Tersambung'))).toBe(true);
      expect(kinds.at(-1)).toContain('Diblokir (suspend)');
      expect(await axeFindings(page)).toEqual([]);
      await shootThisWidth(page, 'riwayat');
      // The dialog scrolls inside itself: its close button stays reachable at either width.
      await dialog.getByRole('button', { name: ACCOUNT_LOSS_TEXT.close, exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
  });
});

describe("'Analisis Blokir'", () => {
  it('sets the lost account beside the kept ones and lists it, from the admin menu', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Analisis Blokir' }).click();
    await page.getByRole('heading', { name: ACCOUNT_LOSS_TEXT.title }).waitFor();
    await page.getByText(`${ACCOUNT_LOSS_TEXT.accounts}: ${ACCOUNT_LOSS_TEXT.lostGroup} 1`).waitFor();
    await page.getByText('Kontak pertama').first().waitFor();
    const row = page.locator('tbody tr').filter({ hasText: phonenumber });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${member.firstname} ${member.lastname}`);
    expect(await axeFindings(page)).toEqual([]);
    await shoot(page, 'analisis-blokir');

    await page.getByLabel(ACCOUNT_LOSS_TEXT.from).fill('2020-01-01');
    await page.getByLabel(ACCOUNT_LOSS_TEXT.to).fill('2020-01-31');
    await page.getByText(ACCOUNT_LOSS_TEXT.noneLost).waitFor();
    await page.getByText('Kosong').waitFor();
    await shoot(page, 'analisis-blokir-kosong');
  });
});
