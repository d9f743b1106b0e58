/**
 * A double click (or double tap) on a confirmation's button, at a phone's width: the first click confirms
 * and closes the dialog; the second must not land on the row behind it (its 'Tolak', at this width) and
 * open a confirmation for another request. Shown on the withdraw queue, where it was met, through the shared confirmation dialog.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person } from './api.ts';
import { useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };
/** Enough requests that, at 375 px, another row's 'Terima' lies under the dialog's. */
const REQUESTS = 8;

const { server, open } = useSuite();
let admin: Person;
beforeAll(async () => {
  admin = await createUser(server, 'admin');
  const adminToken = await login(server, admin);
  for (let i = 0; i < REQUESTS; i++) {
    const member = await createUser(server, 'member');
    const token = await login(server, member);
    await callApi(server, `/admin/users/${member.id}`, {
      method: 'PUT',
      body: { ...BANK, current_password: member.password },
      token,
    });
    await callApi(server, '/admin/bonus/create', {
      body: { userId: member.id, nominal: 20_000, reason: 'Uji' },
      token: adminToken,
    });
    await callApi(server, '/admin/withdraw/request', { body: { nominal: 10_000 + i * 1000 }, token });
  }
}, 120_000);

/**
 * Scrolls so that another request's 'Terima' or 'Tolak' lies exactly under the spot `at` (where the dialog's
 * own 'Terima' shows), while the first request's 'Terima' stays in view; answers which button it is.
 */
function lineUpBehind(page: Page, first: number, at: { x: number; y: number }) {
  return page.evaluate(
    ({ first, at }) => {
      const own = [...document.querySelectorAll<HTMLButtonElement>('button[aria-label^="Terima "]')][first];
      const others = [
        ...document.querySelectorAll<HTMLButtonElement>('button[aria-label^="Terima "], button[aria-label^="Tolak "]'),
      ];
      const top = (button: HTMLButtonElement) => button.getBoundingClientRect().top + window.scrollY;
      for (const button of others) {
        const request = (label: string | null | undefined) => label?.replace(/^(Terima|Tolak) /, '');
        if (request(button.getAttribute('aria-label')) === request(own?.getAttribute('aria-label'))) continue;
        const box = button.getBoundingClientRect();
        if (at.x < box.left || at.x > box.right) continue;
        const scrollY = top(button) + box.height / 2 - at.y;
        window.scrollTo(0, scrollY);
        const shown = own?.getBoundingClientRect();
        if (Math.abs(window.scrollY - scrollY) < 1 && shown && shown.top > 64 && shown.bottom < window.innerHeight) {
          return button.getAttribute('aria-label');
        }
      }
      return null;
    },
    { first, at },
  );
}

describe('a confirmation at 375 px', () => {
  it('takes a double click on Terima as one decision, without opening another request behind it', async () => {
    const { context, page } = await open({ viewport: { width: 375, height: 812 } });
    await signInThroughForm(page, admin);
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.goto('/withdraw/requested?page=1');
    const terima = page.getByRole('button', { name: /^Terima / });
    await expect.poll(() => terima.count()).toBe(REQUESTS);

    // Where the dialog puts its 'Terima': it is fixed to the viewport.
    const first = REQUESTS - 1;
    await terima.nth(first).click();
    const dialog = page.getByRole('alertdialog');
    const box = await dialog.getByRole('button', { name: 'Terima' }).boundingBox();
    if (!box) throw new Error('no Terima in the dialog');
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const behind = await lineUpBehind(page, first, at);
    expect(behind, 'no other request could be lined up behind the dialog').not.toBeNull();
    const decisions: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/withdraw/update')) decisions.push(request.postData() ?? '');
    });
    const asked = (await terima.nth(first).getAttribute('aria-label')) ?? '';
    await terima.nth(first).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(asked.replace(/^Terima /, '').split(' Rp')[0]);

    // Two clicks as a person makes them: the second a moment after the first, well within a double click.
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForTimeout(150);
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });

    await page.locator('[data-sonner-toast]').first().waitFor();
    await expect.poll(() => decisions.length).toBe(1);
    expect(JSON.parse(decisions[0] ?? '{}')).toMatchObject({ status: 'accepted' });
    expect(await dialog.count()).toBe(0);
    // The row that lay behind was not touched: a click of its own still opens its question.
    await page.getByRole('button', { name: behind ?? '' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain((behind ?? '').replace(/^(Terima|Tolak) /, '').split(' Rp')[0]);
    await context.close();
  });
});
