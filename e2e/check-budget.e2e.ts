/**
 * Number checks on a budget in the browser: the 'Keamanan Akun' field of the hourly budget, a generator whose
 * accounts spent it reading 'Menunggu kuota cek' on its list (live, and on its API answer), and one whose
 * owner has no account that may check saying so. Screenshots at 1366 and 375 px, light and dark, into
 * SHOTS_DIR when it is set.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login, updateSettings } from './api.ts';
import { shoot, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite({ SIM_SCAN_MS: '600000', ACCOUNT_SAFETY: '1' });
let page: Page;
let devToken = '';

beforeAll(async () => {
  devToken = await login(suite.server, DEV);
  // Devs see every owner's jobs on one list.
  ({ page } = await suite.signedIn(DEV, { viewport: { width: 1366, height: 800 } }));
});

/** A staff user with a linked account runs a generator of `count` numbers at a 1 s pace; answers its id. */
async function runningGenerator(deviceId: string, start: string, count: number): Promise<number> {
  const staff = await createUser(suite.server, 'staff');
  const token = await login(suite.server, staff);
  const account = await linkAccount(suite.server, devToken, token, staff.id, deviceId);
  const { generator } = await callApi<{ generator: { id: number } }>(suite.server, '/admin/generator/create', {
    body: {
      whatsapp_id: account.id,
      start_number: start,
      end_number: String(Number(start) + count - 1),
      interval_min: 1,
      interval_max: 1,
    },
    token,
  });
  await callApi(suite.server, '/admin/generator/start', { body: { id: generator.id }, token });
  return generator.id;
}

describe('number checks on a budget', () => {
  it("set in 'Keamanan Akun', named when out of range", async () => {
    await page.goto('/settings');
    const field = page.getByLabel(SAFETY_TEXT.lookupsPerHour);
    expect(await field.inputValue()).toBe('30');
    await field.fill('0');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(`${SAFETY_TEXT.lookupsPerHour} minimal 1.`).waitFor();
    await field.fill('2');
    // No warm-up: a new account may check at once.
    await page.getByLabel(SAFETY_TEXT.warmupDays).fill('0');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pengaturan berhasil disimpan.').waitFor();
    const { setting } = await callApi<{ setting: Record<string, unknown> }>(suite.server, '/admin/setting/get', {
      token: devToken,
    });
    expect(setting).toMatchObject({ lookups_per_hour: 2, warmup_days: 0 });
    await shoot(page, 'budget-settings');
  });

  it("shows 'Menunggu kuota cek' once the accounts spent it, and says when no account may check", async () => {
    const spent = await runningGenerator('budget-spent', '6281300000001', 10);
    await page.goto('/generator/list');
    const status = page.getByTestId(`job-status-${spent}`);
    await expect.poll(() => status.textContent(), { timeout: 60_000, interval: 250 }).toBe(JOB_TEXT.waitLookups);
    const { generator } = await callApi<{ generator: { state: string; status: string; done: number } }>(
      suite.server,
      `/admin/generator/${spent}`,
      { token: devToken },
    );
    expect(generator).toMatchObject({ state: 'quota', status: 'sending', done: 2 });

    // With a warm-up again, a newly linked account may not check: its job says so and waits.
    await updateSettings(suite.server, devToken, { warmup_days: 3 });
    const none = await runningGenerator('budget-warming', '6281400000001', 5);
    await page.reload();
    const waiting = page.getByTestId(`job-status-${none}`);
    await waiting.getByText(JOB_TEXT.noChecker).waitFor({ timeout: 60_000 });
    expect(await waiting.textContent()).toContain(JOB_TEXT.noCheckerHint);
    // The first job's account is inside the new warm-up too: the save woke its wait (the engine's recheck), so it
    // says no account may check rather than keep a quota wait the settings no longer make.
    await page.getByTestId(`job-status-${spent}`).getByText(JOB_TEXT.noChecker).waitFor({ timeout: 60_000 });
    await shoot(page, 'budget-jobs');
  }, 120_000);
});
