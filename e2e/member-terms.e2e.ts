/**
 * The member's own terms in the browser (issue 23 item 3): from an account's row on Daftar Whatsapp the owner
 * opens 'Batas kirim', sees the service's cap and hours and that theirs only narrow them, gets named field
 * errors, saves, and the row shows the terms in force (and that hours which never meet the service's mean the
 * account never sends); the member dashboard forecasts a day's income by them. Screenshots at 1366 and 375 px,
 * light and dark, into SHOTS_DIR when it is set.
 */
import { SAFETY_TEXT, TERMS_TEXT } from '@sewablast/contract/safety';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login } from './api.ts';
import { axeFindings, shoot, toast, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite({ SIM_SCAN_MS: '600000', ACCOUNT_SAFETY: '1' });
const DEVICE = 'terms-row';
let page: Page;
let token = '';
let memberId = 0;

const dialog = () => page.getByRole('dialog', { name: TERMS_TEXT.title });

/** Opens the row's 'Batas kirim' and sends a cap of 0 and a start without an end. */
async function refusedForm() {
  const open = page.getByRole('button', { name: `${TERMS_TEXT.open} ${DEVICE}` });
  // A click landing while the rows redraw for a new width is lost: it is given again until the dialog shows.
  await expect
    .poll(async () => {
      if (!(await dialog().isVisible())) await open.click();
      return dialog().isVisible();
    })
    .toBe(true);
  await dialog().getByText('Batas layanan: 200 pesan per hari, jam 08:00–20:00.').waitFor();
  await dialog().getByLabel(TERMS_TEXT.dailyCap).fill('0');
  await dialog().getByLabel(TERMS_TEXT.windowStart).fill('22:00');
  await dialog().getByRole('button', { name: TERMS_TEXT.save }).click();
  await dialog().getByText(TERMS_TEXT.badCap).waitFor();
  await dialog().getByText(TERMS_TEXT.bothTimes).waitFor();
}

beforeAll(async () => {
  const devToken = await login(suite.server, DEV);
  const member = await createUser(suite.server, 'member');
  memberId = member.id;
  token = await login(suite.server, member);
  await linkAccount(suite.server, devToken, token, member.id, DEVICE);
  ({ page } = await suite.signedIn(member, { viewport: { width: 1366, height: 800 }, axe: true }));
  await page.waitForURL('**/dashboard');
});

const terms = () =>
  callApi<{ whatsapp: Record<string, unknown> }>(suite.server, `/admin/whatsapp/${DEVICE}`, { token }).then(
    (answer) => answer.whatsapp,
  );

describe("the owner's terms on an account's row", () => {
  it('are set from the row’s dialog, with named field errors, and shown on the row', async () => {
    await page.goto('/whatsapp');
    await shoot(page, 'terms-form', async () => {
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      await refusedForm();
    });
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await refusedForm();
    await dialog().getByText(TERMS_TEXT.narrowOnly).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    // Hours that never meet the service's 08:00–20:00: accepted, and the row says the account never sends.
    await dialog().getByLabel(TERMS_TEXT.dailyCap).fill('50');
    await dialog().getByLabel(TERMS_TEXT.windowEnd).fill('06:00');
    await dialog().getByRole('button', { name: TERMS_TEXT.save }).click();
    await toast(page, TERMS_TEXT.saved).waitFor();
    await dialog().waitFor({ state: 'detached' });
    const row = page.getByTestId(`safety-${DEVICE}`);
    await row.getByText('Batas saya: 50/hari, 22:00–06:00').waitFor();
    await row.getByText(SAFETY_TEXT.noHours).waitFor();
    expect(await row.textContent()).toContain(SAFETY_TEXT.sentToday(0, 20));
    expect(await terms()).toMatchObject({
      member_daily_cap: 50,
      member_window_start: '22:00',
      member_window_end: '06:00',
      wait_reason: 'no_hours',
    });
    await shoot(page, 'terms-row', () => row.getByText(SAFETY_TEXT.noHours).waitFor());

    // Hours inside the service's, and an empty cap: the service's cap again.
    await page.getByRole('button', { name: `${TERMS_TEXT.open} ${DEVICE}` }).click();
    await dialog().getByLabel(TERMS_TEXT.dailyCap).fill('');
    await dialog().getByLabel(TERMS_TEXT.windowStart).fill('09:00');
    await dialog().getByLabel(TERMS_TEXT.windowEnd).fill('10:00');
    await dialog().getByRole('button', { name: TERMS_TEXT.save }).click();
    await row.getByText('Batas saya: 09:00–10:00').waitFor();
    expect(await row.textContent()).not.toContain(SAFETY_TEXT.noHours);
    expect(await terms()).toMatchObject({ member_daily_cap: null, member_window_start: '09:00', wait_reason: null });
  }, 90_000);

  it('bring the member dashboard’s forecast to what they allow', async () => {
    const forecast = await callApi<{ daily_income: number; accounts: { sends: number; open_minutes: number }[] }>(
      suite.server,
      `/admin/whatsapp/forecast/${memberId}`,
      { token },
    );
    // A new account warms up: 20 on its first day, within the hour of 09:00–10:00.
    expect(forecast.accounts).toEqual([expect.objectContaining({ open_minutes: 60, sends: 20 })]);
    await page.goto('/dashboard');
    const card = page.getByTestId('card-forecast');
    await card.getByText('1 akun tersambung, menurut batas kirimnya').waitFor();
    expect((await card.textContent())?.replace(/\D/g, '')).toContain(String(forecast.daily_income));
    await shoot(page, 'terms-dashboard', () => card.getByText('1 akun tersambung, menurut batas kirimnya').waitFor());
  });
});
