/**
 * Health-driven pacing in the browser: the health thresholds in 'Keamanan Akun' (a pause above the slow-down
 * is named by its field), and an account's row on Daftar Whatsapp: an account whose connection dropped again
 * and again shows its lowered health and that it fell, that it is slowed, and, lower, that its blast paused
 * for it, with no time promised. Screenshots at 1366 and 375 px, light and dark, into SHOTS_DIR when it is set.
 */
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login, simulate, until } from './api.ts';
import { shoot, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

// A drop is back after 1 s, not 3: seven drops wait 7 s, not 21, and a row stays down for at least 1.15 s
// (the reconnect and the network's delay), several of `drop`'s 250 ms polls.
const suite = useSuite({ SEED_DEMO: '1', SIM_SCAN_MS: '600000', SIM_RECONNECT_MS: '1000', ACCOUNT_SAFETY: '1' });
let page: Page;
/** A shot taken before the page has laid itself out for a new width comes out wider than the screen. */
const laidOut = (width: number) => page.waitForFunction((wide) => document.documentElement.scrollWidth <= wide, width);
let devToken = '';

beforeAll(async () => {
  devToken = await login(suite.server, DEV);
  const admin = await createUser(suite.server, 'admin');
  ({ page } = await suite.signedIn(admin, { viewport: { width: 1366, height: 800 } }));
  await page.waitForURL('**/dashboard');
});

type Row = { state: string; health: number; health_trend: string; wait_reason: string | null; daily_cap: number };

describe('health-driven pacing', () => {
  it('takes its thresholds in Keamanan Akun, a pause above the slow-down named by its field', async () => {
    await page.goto('/settings');
    await page.getByRole('heading', { name: SAFETY_TEXT.section }).waitFor();
    await page.getByLabel(SAFETY_TEXT.windowStart).fill('00:00');
    await page.getByLabel(SAFETY_TEXT.windowEnd).fill('00:00');
    await page.getByLabel(SAFETY_TEXT.warmupDays).fill('0');
    await page.getByLabel(SAFETY_TEXT.healthSlowBelow).fill('90');
    await page.getByLabel(SAFETY_TEXT.healthPauseBelow).fill('95');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(SAFETY_TEXT.pauseAboveSlow).waitFor();
    // Strict on purpose: four drops (94) pause an account.
    await page.getByLabel(SAFETY_TEXT.healthSlowBelow).fill('99');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pengaturan berhasil disimpan.').waitFor();
    const { setting } = await callApi<{ setting: Record<string, unknown> }>(suite.server, '/admin/setting/get', {
      token: devToken,
    });
    expect(setting).toMatchObject({ health_slow_below: 99, health_pause_below: 95 });
    await shoot(page, 'health-settings', laidOut);
  });

  it("shows an account's falling health on its row, its slow-down, and that its blast paused for it", async () => {
    const member = await createUser(suite.server, 'member');
    const token = await login(suite.server, member);
    const [slowed, paused] = ['health-slow', 'health-row'];
    await linkAccount(suite.server, devToken, token, member.id, slowed);
    await linkAccount(suite.server, devToken, token, member.id, paused);
    const account = async (deviceId: string) =>
      (await callApi<{ whatsapp: Row }>(suite.server, `/admin/whatsapp/${deviceId}`, { token })).whatsapp;
    /** Drops, each waited out until the simulator has connected again: two a day are free, each more costs 3. */
    async function drop(deviceId: string, times: number) {
      for (let i = 0; i < times; i++) {
        const dropped = await simulate(suite.server, devToken, deviceId, 'disconnect');
        expect(dropped.ok).toBe(true);
        await until(
          () => account(deviceId),
          (row) => row.state !== 'connected',
          15_000,
        ).catch(() => undefined);
        await until(
          () => account(deviceId),
          (row) => row.state === 'connected',
        );
      }
    }
    // The list is open before the drops: the rows learn their new health from the host's live events.
    await page.goto('/whatsapp');
    await page.getByTestId(`health-${paused}`).getByText(SAFETY_TEXT.health(100)).waitFor();

    // Three drops (97): below the slow-down (99), above the pause (95).
    await drop(slowed, 3);
    const slow = page.getByTestId(`safety-${slowed}`);
    await slow.getByText(SAFETY_TEXT.healthSlowed).waitFor();
    // Its day's cap lowered with it, as the API says: (97 / 99)² of 200.
    const lowered = await account(slowed);
    expect(lowered.daily_cap).toBeLessThan(200);
    await slow.getByText(SAFETY_TEXT.sentToday(0, lowered.daily_cap)).waitFor();
    // Fewer than 5 down: no trend yet.
    expect(await page.getByTestId(`health-${slowed}`).textContent()).toMatch(/^Kesehatan 9[5-8]\/100$/);

    // Four drops (94): below the pause.
    await drop(paused, 4);
    const sick = await until(
      () => account(paused),
      (row) => row.health < 95,
    );
    expect(sick.health_trend).toBe('down');
    const health = page.getByTestId(`health-${paused}`);
    // The simulator may drop it once more meanwhile: any health below the pause, as long as it fell.
    await health.getByText(/^Kesehatan (\d|[1-8]\d|9[0-4])\/100/).waitFor();
    expect(await health.textContent()).toContain(`↓ ${SAFETY_TEXT.healthDown}`);

    await callApi(suite.server, '/admin/whatsapp/start-blasting', {
      body: { whatsappClientId: paused, loop: false },
      token,
    });
    const why = page.getByTestId(`safety-${paused}`);
    await why.getByText(/^Dijeda: kesehatan akun \d+\/100 di bawah 95, lanjut sendiri setelah pulih$/).waitFor();
    expect((await account(paused)).wait_reason).toBe('health');
    await shoot(page, 'health-row', laidOut);
  }, 180_000);
});
