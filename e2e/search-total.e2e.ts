/**
 * A search matching more numbers than the list counts (issue 24 item 15: SEARCH_COUNT_CAP) says so plainly:
 * 'lebih dari 1.000 nomor' above the list and 'Page 1 of 100+' below it; a narrower search is counted
 * exactly. Screenshots at 375, 1024, 1366 and 1920 px, light and dark, into SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_COUNT_CAP } from '@sewablast/contract/paging';
import { describe, expect, it } from 'vitest';
import { createUser, login } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';

const suite = useSuite();

describe('a search matching more than the list counts', () => {
  it("says 'lebih dari' the cap and pages on, and counts a narrower search exactly", async () => {
    const admin = await createUser(suite.server, 'admin');
    const token = await login(suite.server, admin);
    const rows = Array.from(
      { length: SEARCH_COUNT_CAP + 20 },
      (_, i) => `62877${String(i).padStart(8, '0')},Toko Banyak ${i}`,
    );
    const form = new FormData();
    form.append('file', new Blob([`number,name\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'banyak.csv');
    const imported = await fetch(`${suite.server.url}/api/admin/phonenumber/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(imported.status).toBe(200);

    const { page } = await suite.signedIn(admin, { viewport: { width: 1366, height: 800 }, axe: true });
    await page.goto('/phonenumber?s=banyak');
    await page.getByText(`lebih dari ${SEARCH_COUNT_CAP.toLocaleString('id-ID')} nomor`).waitFor();
    await page.getByText(`Page 1 of ${SEARCH_COUNT_CAP / 10}+`).waitFor();
    expect(await axeFindings(page, 'all')).toEqual([]);

    const shots = process.env.SHOTS_DIR;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      for (const [width, height] of [
        [1920, 1080],
        [1366, 800],
        [1024, 768],
        [375, 812],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
          await page.screenshot({ path: join(shots, `search-total-${width}-${theme}.png`), fullPage: true });
        }
      }
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
    }

    // 'Toko Banyak 100', and 1000 to 1009, below SEARCH_COUNT_CAP + 20.
    await page.goto('/phonenumber?s=banyak%20100');
    await page.getByText('11 nomor').waitFor();
    expect(await page.getByText(/lebih dari/).count()).toBe(0);
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
  });
});
