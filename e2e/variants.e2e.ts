/**
 * Message variants in the browser: the template form names a broken variant in the caption or a further
 * caption and previews a few picks; after a blast the template list shows what was sent, per template and
 * per variant.
 */
import { VARIANT_TEXT } from '@sewablast/contract/variants';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, until } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite({ SIM_SCAN_MS: '600000' });
let page: Page;

beforeAll(async () => {
  const admin = await createUser(suite.server, 'admin');
  ({ page } = await suite.signedIn(admin));
  await page.waitForURL('**/dashboard');
});

const NUMBERS = 4;

describe('message variants', () => {
  it('names a broken variant, previews picks, and saves the template with a further caption', async () => {
    await page.goto('/message');
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL('**/message/create');
    const caption = page.getByRole('textbox', { name: 'Caption', exact: true });
    await caption.click();
    await page.keyboard.type('{Halo|Hai kak {name}');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText(VARIANT_TEXT.unclosed('{Halo|Hai kak {name}')).count()).toBe(1);

    await caption.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{Halo|Hai} kak {name}');
    await page.getByRole('button', { name: 'Tambah Caption' }).click();
    await page.getByRole('textbox', { name: 'Caption tambahan 1' }).fill('{Pagi||Sore} {name}, ada promo');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const empty = VARIANT_TEXT.captionIn(1, VARIANT_TEXT.emptyOption('{Pagi||Sore}'));
    await expect.poll(() => page.getByText(empty).count()).toBe(1);

    await page.getByRole('textbox', { name: 'Caption tambahan 1' }).fill('{Pagi|Sore} {name}, ada promo');
    const preview = page.getByRole('region', { name: 'Contoh pesan terkirim' });
    await expect.poll(() => preview.locator('li').count()).toBe(3);
    const picks = await preview.locator('li').allTextContents();
    for (const pick of picks) {
      expect(['Halo kak {name}', 'Hai kak {name}', 'Pagi {name}, ada promo', 'Sore {name}, ada promo']).toContain(pick);
    }
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/message');
  });

  it('shows per template and per variant what a blast sent', async () => {
    const dev = await callApi<{ token: string }>(suite.server, '/auth/login', { body: DEV });
    for (let i = 0; i < NUMBERS; i++) {
      await callApi(suite.server, '/admin/phonenumber/save', {
        body: { number: `62812555000${i}`, name: `Rina ${i}` },
        token: dev.token,
      });
    }
    const member = await createUser(suite.server, 'member');
    await callApi(suite.server, `/admin/users/${member.id}`, {
      method: 'PUT',
      body: { blast_interval_min: 1, blast_interval_max: 1 },
      token: dev.token,
    });
    const { token } = await callApi<{ token: string }>(suite.server, '/auth/login', { body: member });
    const deviceId = `variants-${Date.now().toString(36)}`;
    await linkAccount(suite.server, dev.token, token, member.id, deviceId);
    await callApi(suite.server, '/admin/whatsapp/start-blasting', {
      body: { whatsappClientId: deviceId, loop: false },
      token,
    });
    await until(
      () =>
        callApi<{ whatsapp: { blasting: boolean; count_success: number; count_fail: number } }>(
          suite.server,
          `/admin/whatsapp/${deviceId}`,
          { token },
        ),
      ({ whatsapp }) => !whatsapp.blasting && whatsapp.count_success + whatsapp.count_fail === NUMBERS,
    );

    await page.goto('/message');
    const row = page.locator('tbody tr').first();
    const sent = row.locator('dt', { hasText: 'Terkirim' }).first().locator('xpath=following-sibling::dd[1]');
    const failed = row.locator('dt', { hasText: 'Gagal' }).first().locator('xpath=following-sibling::dd[1]');
    await expect.poll(async () => Number(await sent.textContent()) + Number(await failed.textContent())).toBe(NUMBERS);
    const folded = row.getByText(/^\d+ varian$/);
    if ((await folded.count()) > 0) {
      await folded.click();
      await expect.poll(() => row.locator('details li').count()).toBeGreaterThan(1);
      expect(await row.locator('details li').first().textContent()).toMatch(/\{name\}/);
    }
  });
});
