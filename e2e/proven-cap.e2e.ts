/**
 * A proven account's cap in the browser: its step and ceiling in 'Keamanan Akun' (a ceiling below the daily cap
 * is named by its field), saved and read back through the settings API. Screenshots at 1366 and 375 px, light
 * and dark, into SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite();
let page: Page;
let devToken = '';

async function shoot(name: string) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1366, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    // A shot taken before the page has laid itself out for the new width comes out wider than the screen.
    await page.waitForFunction((wide) => document.documentElement.scrollWidth <= wide, width);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await page.screenshot({ path: join(shots, `${name}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1366, height: 800 });
}

beforeAll(async () => {
  devToken = await login(suite.server, DEV);
  const admin = await createUser(suite.server, 'admin');
  ({ page } = await suite.signedIn(admin, { viewport: { width: 1366, height: 800 } }));
  await page.waitForURL('**/dashboard');
});

describe('a proven account’s cap', () => {
  it('takes its step and ceiling in Keamanan Akun, a ceiling below the daily cap named by its field', async () => {
    await page.goto('/settings');
    await page.getByRole('heading', { name: SAFETY_TEXT.section }).waitFor();
    expect(await page.getByLabel(SAFETY_TEXT.dailyCapStep).inputValue()).toBe('20');
    expect(await page.getByLabel(SAFETY_TEXT.dailyCapMax).inputValue()).toBe('800');
    await page.getByLabel(SAFETY_TEXT.dailyCapStep).fill('25');
    await page.getByLabel(SAFETY_TEXT.dailyCapMax).fill('150');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText(SAFETY_TEXT.capMaxBelowCap).waitFor();
    await shoot('proven-settings-error');
    await page.getByLabel(SAFETY_TEXT.dailyCapMax).fill('600');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Pengaturan berhasil disimpan.').waitFor();
    const { setting } = await callApi<{ setting: Record<string, unknown> }>(suite.server, '/admin/setting/get', {
      token: devToken,
    });
    expect(setting).toMatchObject({ daily_cap: 200, daily_cap_step: 25, daily_cap_max: 600 });
    await shoot('proven-settings');
  });
});
