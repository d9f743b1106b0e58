/**
 * A large import shows how far it is (issue 24, "Long work shows progress"): the bytes the browser has sent,
 * then the rows the server has read from them, moving while the file goes in, not a bare spinner. Screenshots
 * at 1366 and 375 px, light and dark, are taken mid-import into SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE_TEXT } from '@sewablast/contract/phonenumber';
import type axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { createUser } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const ROWS = 300_000;

const { server, open } = useSuite();

declare global {
  interface Window {
    axe: typeof axe;
    seenProgress: { percent: number; text: string }[];
  }
}

describe('importing a large file', () => {
  it('shows the upload and then the rows read moving, and the result at the end', async () => {
    const admin = await createUser(server, 'admin');
    const { context, page } = await open({ viewport: { width: 1366, height: 800 }, axe: true });
    await signInThroughForm(page, admin);
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.goto('/phonenumber/create');
    const csv = Array.from({ length: ROWS }, (_, i) => `62813${String(i).padStart(8, '0')},Nama ${i}`).join('\n');
    await page.getByLabel(PHONE_TEXT.importLabel).setInputFiles({
      name: 'besar.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    // Every state the progress passes through, as the page shows it.
    await page.evaluate(() => {
      window.seenProgress = [];
      new MutationObserver(() => {
        const box = document.querySelector('[data-testid="import-progress"]');
        const bar = box?.querySelector('[role="progressbar"]');
        if (!box || !bar) return;
        const seen = { percent: Number(bar.getAttribute('aria-valuenow')), text: box.textContent ?? '' };
        const last = window.seenProgress.at(-1);
        if (last?.text !== seen.text || last.percent !== seen.percent) window.seenProgress.push(seen);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Upload' }).click();

    const progress = page.getByTestId('import-progress');
    await progress.getByText(/baris dibaca/).waitFor({ timeout: 60_000 });
    expect(await axeFindings(page, 'all')).toEqual([]);
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const [width, height] of [
        [1366, 800],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
          await page.screenshot({ path: join(shots, `import-progress-${width}-${theme}.png`) });
        }
      }
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
    }

    await page.getByText(`${ROWS.toLocaleString('id-ID')} nomor berhasil didaftarkan.`).waitFor({ timeout: 180_000 });
    expect(await progress.count()).toBe(0);
    const seen = await page.evaluate(() => window.seenProgress);
    // The upload moved: some part of the file was shown sent before all of it.
    const percents = seen.map((state) => state.percent);
    expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // The rows read moved too, upward, while the page waited for the answer.
    const read = (text: string) => /([\d.]+) baris dibaca/.exec(text)?.[1]?.replaceAll('.', '');
    const rows = [...new Set(seen.flatMap((state) => read(state.text) ?? []))].map(Number);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    await context.close();
  }, 300_000);
});
