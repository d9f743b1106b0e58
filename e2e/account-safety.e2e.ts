/**
 * Account safety in the browser: the admin's 'Keamanan Akun' section of Pengaturan (named field errors, saved
 * values), and an account's row on Daftar Whatsapp: its warm-up day, what it sent of today's cap, and why and
 * until when it waits (the sending hours, the cap, a long pause that spreads the day over the hours, after a
 * reload too). Screenshots at 1366 and 375 px, light and dark, into SHOTS_DIR when it is set, each axe-clean.
 */
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login, updateSettings } from './api.ts';
import { axeFindings, shoot as shootPage, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite({ SEED_DEMO: '1', SIM_SCAN_MS: '600000', ACCOUNT_SAFETY: '1' });
let page: Page;
let devToken = '';

/** Times on the row are Jakarta's; a browser whose own clock reads them otherwise also names the zone. */
const TIME = String.raw`\d\d:\d\d(?:\sWIB)?`;

/** Jakarta's wall clock `hours` from now, as HH:MM. */
function jakartaIn(hours: number): string {
  const time = new Date(Date.now() + (hours + 7) * 3_600_000);
  return `${String(time.getUTCHours()).padStart(2, '0')}:${String(time.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * The day a capped account goes on, as its row names it, when its hours open daily at Jakarta's `opens` (HH:MM):
 * the next opening is 'hari ini' while it is still to come on today's Jakarta date (hours across midnight, read
 * after it), 'besok' otherwise.
 */
function capResumesOn(opens: string): string {
  const now = new Date(Date.now() + 7 * 3_600_000);
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const [hour = 0, minute = 0] = opens.split(':').map(Number);
  return hour * 60 + minute > minutes ? SAFETY_TEXT.today : SAFETY_TEXT.tomorrow;
}

/** The page axe-clean as it is, then its screenshots (SHOTS_DIR). */
async function shoot(name: string) {
  expect(await axeFindings(page), name).toEqual([]);
  await shootPage(page, name);
}

beforeAll(async () => {
  devToken = await login(suite.server, DEV);
  const admin = await createUser(suite.server, 'admin');
  ({ page } = await suite.signedIn(admin, { viewport: { width: 1366, height: 800 }, axe: true }));
  await page.waitForURL('**/dashboard');
});

/** Links an account for a new member, sets it a 1 s pace, and starts its blast once `beforeStart` is done. */
async function blastingAccount(deviceId: string, beforeStart: () => Promise<void> = async () => {}) {
  const member = await createUser(suite.server, 'member');
  const token = await login(suite.server, member);
  await callApi(suite.server, `/admin/users/${member.id}`, {
    method: 'PUT',
    body: { blast_interval_min: 1, blast_interval_max: 1 },
    token: devToken,
  });
  await linkAccount(suite.server, devToken, token, member.id, deviceId);
  await beforeStart();
  await callApi(suite.server, '/admin/whatsapp/start-blasting', {
    body: { whatsappClientId: deviceId, loop: false },
    token,
  });
}

describe("the 'Keamanan Akun' settings", () => {
  it('name a bad value by its field and save good ones', async () => {
    await page.goto('/settings');
    await page.getByRole('heading', { name: SAFETY_TEXT.section }).waitFor();
    await page.getByLabel(SAFETY_TEXT.dailyCap).fill('10');
    await page.getByLabel(SAFETY_TEXT.warmupStartCap).fill('12');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(SAFETY_TEXT.startCapAboveCap).waitFor();

    await page.getByLabel(SAFETY_TEXT.warmupStartCap).fill('2');
    await page.getByLabel(SAFETY_TEXT.warmupDays).fill('3');
    // Hours that open two hours from now: a blast started now waits for them.
    const [opens, closes] = [jakartaIn(2), jakartaIn(3)];
    await page.getByLabel(SAFETY_TEXT.windowStart).fill(opens);
    await page.getByLabel(SAFETY_TEXT.windowEnd).fill(closes);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pengaturan berhasil disimpan.').waitFor();
    const { setting } = await callApi<{ setting: Record<string, unknown> }>(suite.server, '/admin/setting/get', {
      token: devToken,
    });
    expect(setting).toMatchObject({
      daily_cap: 10,
      warmup_start_cap: 2,
      warmup_days: 3,
      send_window_start: opens,
      send_window_end: closes,
    });
    await shoot('safety-settings');
  });
});

describe("an account's row on Daftar Whatsapp", () => {
  it('says it waits for the sending hours, pauses between sends, warms up and reached its cap for today', async () => {
    await blastingAccount('safety-window');
    await page.goto('/whatsapp');
    const waiting = page.getByTestId('safety-safety-window');
    await waiting.getByText(new RegExp(`^Menunggu jam kirim ${TIME}$`)).waitFor();
    expect(await waiting.textContent()).toContain(SAFETY_TEXT.warmupDay(1, 3));
    expect(await waiting.textContent()).toContain(SAFETY_TEXT.sentToday(0, 2));
    await shoot('safety-window');

    // Hours open now for three more hours: a new account's first send is followed by a pause that spreads its
    // first day's two over them, said as the time of the next send. The page reads the row and has its live
    // channel answer before the blast starts, so that it sees the pause's event.
    const opened = jakartaIn(-1);
    await updateSettings(suite.server, devToken, { send_window_start: opened, send_window_end: jakartaIn(3) });
    await blastingAccount('safety-spread', async () => {
      const answered = page.waitForEvent('websocket').then((socket) => socket.waitForEvent('framereceived'));
      await page.reload();
      await page.getByTestId('safety-safety-spread').waitFor();
      await answered;
    });
    const spread = page.getByTestId('safety-safety-spread');
    const pause = new RegExp(`^Dijeda agar akun aman, kirim berikutnya ${TIME}$`);
    await spread.getByText(pause).waitFor();
    const said = await spread.getByText(pause).textContent();
    expect(await spread.textContent()).toContain(SAFETY_TEXT.sentToday(1, 2));
    expect(await page.getByTestId('status-safety-spread').textContent()).toBe('Waiting');
    await shoot('safety-pause');
    // The pause is the account's, not the page's: read again (a reload, another tab, another admin) it says the
    // same, though no event of it comes again until the next send.
    await page.reload();
    await page
      .getByTestId('safety-safety-spread')
      .getByText(said ?? '', { exact: true })
      .waitFor();

    // A first day's cap of one: the account sends it and stops until tomorrow.
    await updateSettings(suite.server, devToken, { warmup_start_cap: 1 });
    await blastingAccount('safety-capped');
    // A row linked after the list was read appears when it is read again; from then on its events move it.
    await page.reload();
    const capped = page.getByTestId('safety-safety-capped');
    // Read between midnight and one in Jakarta the hours opened yesterday evening: they open again later today.
    await capped.getByText(new RegExp(`^Batas harian tercapai, lanjut ${capResumesOn(opened)} ${TIME}$`)).waitFor();
    expect(await capped.textContent()).toContain(SAFETY_TEXT.sentToday(1, 1));
    expect(await capped.textContent()).toContain(SAFETY_TEXT.warmupDay(1, 3));
    await shoot('safety-rows');
  }, 120_000);
});
