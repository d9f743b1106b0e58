/**
 * The screens as a careful operator expects them (issue 10 "The screens"): the mobile drawer, the menu's
 * current item, paging past the end, lists on a phone, the blast-in-progress warning, the wait countdown,
 * tooltips, activation by an admin, toasts that leave the header's controls and the page's actions free,
 * and a sidebar that a lost hover does not leave widened.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login, type Person, simulate } from './api.ts';
import { readsLanded, settled, trackRequests, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1366, height: 800 };

const { server, signedIn, signedInShared } = useSuite({ SEED_DEMO: '1', SIM_SCAN_MS: '600000' });
let devToken: string;
let admin: Person;
beforeAll(async () => {
  devToken = await login(server, DEV);
  admin = await createUser(server, 'admin');
});

/** Links an account for the user through the API and the simulator. */
const link = async (person: Person, deviceId: string) =>
  linkAccount(server, devToken, await login(server, person), person.id, deviceId);

/** The element's box lies inside the viewport's width. */
async function inViewportWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

/**
 * Which of the header's controls, the page title and the page's own actions (those the screen has) the toast
 * that shows now overlaps.
 */
async function toastCovers(page: Page): Promise<string[]> {
  const toast = await page.locator('[data-sonner-toast]').first().boundingBox();
  if (!toast) return ['no toast'];
  const free = {
    menu: page.getByTestId('sidebar-toggle'),
    theme: page.getByTestId('theme-toggle'),
    user: page.getByTestId('user-menu'),
    title: page.getByRole('heading', { level: 1 }),
    Sinkronkan: page.getByRole('button', { name: 'Sinkronkan' }),
    Tambah: page.getByRole('link', { name: 'Tambah' }),
  };
  const covered: string[] = [];
  for (const [name, element] of Object.entries(free)) {
    const box = (await element.count()) ? await element.boundingBox() : null;
    if (
      box &&
      toast.x < box.x + box.width &&
      box.x < toast.x + toast.width &&
      toast.y < box.y + box.height &&
      box.y < toast.y + toast.height
    ) {
      covered.push(name);
    }
  }
  return covered;
}

describe('the shell', () => {
  it('opens the drawer with the focus in it, keeps Tab inside, and closes it with Escape', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { viewport: PHONE });
    const sidebar = page.getByTestId('sidebar');
    const offscreen = () => sidebar.evaluate((element) => element.getBoundingClientRect().right <= 0);
    const focusInDrawer = () =>
      page.evaluate(() => Boolean(document.querySelector('[data-testid="sidebar"]')?.contains(document.activeElement)));
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(offscreen).toBe(false);
    await expect.poll(focusInDrawer).toBe(true);
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(offscreen).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(
      'sidebar-toggle',
    );
    await context.close();
  });

  it('does not leave the sidebar widened over the page by a hover it lost on becoming the drawer', async () => {
    const { context, page } = await signedInShared(admin, { viewport: DESKTOP });
    trackRequests(page);
    await page.goto('/whatsapp');
    await readsLanded(page, () => false);
    const sidebar = page.getByTestId('sidebar');
    await page.mouse.move(100, 400);
    // The closed drawer is inert: it never hears the pointer leave.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(() => sidebar.evaluate((element) => element.getBoundingClientRect().right))
      .toBeLessThanOrEqual(0);
    await page.mouse.move(300, 4);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect.poll(() => sidebar.evaluate((element) => element.getBoundingClientRect().width)).toBe(90);
    await context.close();
  });

  it('marks Dashboard as the current item on /dashboard', async () => {
    const { context, page } = await signedInShared(admin, { viewport: DESKTOP });
    await page.goto('/dashboard');
    const item = page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' });
    await expect.poll(() => item.getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});

describe('the lists', () => {
  it('shows the last page for a page number past the end, replacing the address', async () => {
    const token = await login(server, admin);
    const { meta } = await callApi<{ meta: { totalPages: number } }>(
      server,
      '/admin/phonenumber/list-per-page?page=1',
      { token },
    );
    expect(meta.totalPages).toBeGreaterThan(1);
    const { context, page } = await signedInShared(admin, { viewport: DESKTOP });
    // A page of the site behind the list, for Back to leave to.
    await page.goto('/dashboard');
    await page.goto('/phonenumber?page=99');
    await page.waitForURL(`**/phonenumber?page=${meta.totalPages}`);
    await expect.poll(() => page.getByText(`Page ${meta.totalPages} of ${meta.totalPages}`).count()).toBe(1);
    expect(await page.getByText('Kosong').count()).toBe(0);
    // Replaced, not pushed: Back leaves the list rather than returning to page 99.
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== '/phonenumber');
    await context.close();
  });

  it('keeps Status and Action on screen at 375 px, without sideways scrolling', async () => {
    const { context, page } = await signedInShared(admin, { viewport: PHONE });
    for (const [path, remove] of [
      ['/phonenumber', /^Hapus 62/],
      ['/proxy', /^Hapus /],
      ['/message', /^Hapus template/],
      ['/level', /^Hapus /],
    ] as const) {
      await page.goto(path);
      const button = page.getByRole('button', { name: remove }).first();
      await button.waitFor();
      expect(await inViewportWidth(page, button), `${path}: delete button on screen`).toBe(true);
      expect(await inViewportWidth(page, page.getByRole('link', { name: /^Edit / }).first())).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: no sideways scroll`).toBe(375);
    }
    await page.goto('/proxy');
    const status = page.getByTestId('row-cards').getByText('Status').first();
    expect(await inViewportWidth(page, status)).toBe(true);
    await context.close();
  });

  it('names icon-only row actions in a tooltip', async () => {
    const { context, page } = await signedInShared(admin, { viewport: DESKTOP });
    await page.goto('/phonenumber');
    const remove = page.getByRole('button', { name: /^Hapus 62/ }).first();
    await remove.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Hapus');
    await page
      .getByRole('link', { name: /^Edit 62/ })
      .first()
      .focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Edit');
    await context.close();
  });
});

describe('Daftar Whatsapp', () => {
  it('counts a wait down from the server waitTime, and warns with Stop Blast! or Tunggu Aja during a blast', async () => {
    const member = await createUser(server, 'member');
    await callApi(server, `/admin/users/${member.id}`, {
      method: 'PUT',
      body: { blast_interval_min: 4, blast_interval_max: 4 },
      token: devToken,
    });
    const deviceId = `screens-${Date.now().toString(36)}`;
    await link(member, deviceId);
    const { context, page } = await signedIn(member, { viewport: PHONE });
    await page.goto('/whatsapp');
    const status = page.getByTestId(`status-${deviceId}`);
    await expect.poll(() => status.textContent()).toBe('connected');
    expect(await inViewportWidth(page, status)).toBe(true);
    const start = page.getByRole('button', { name: `Start ${deviceId}` });
    expect(await inViewportWidth(page, start)).toBe(true);

    // Every label the status shows, from the click on.
    await status.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await start.click();
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Waiting/);
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Sending');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const waits = seen.flatMap((label) => label.match(/^Waiting \((\d+) s\)$/)?.[1] ?? []).map(Number);
    expect(waits[0], seen.join(' | ')).toBe(4);
    expect(Math.max(...waits)).toBe(4);
    expect(waits).toEqual([...waits].sort((a, b) => b - a));

    await page.getByRole('button', { name: `Reset ${deviceId}` }).click();
    const warning = page.getByRole('alertdialog');
    await warning.waitFor();
    expect(await warning.getByRole('button').allTextContents()).toEqual(['Tunggu Aja', 'Stop Blast!']);
    await warning.getByRole('button', { name: 'Tunggu Aja' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    expect(await status.textContent()).toMatch(/^(Sending|Waiting)/);

    await page.getByRole('button', { name: `Reconnect ${deviceId}` }).click();
    await warning.waitFor();
    expect(await warning.getByRole('button').allTextContents()).toEqual(['Tunggu Aja', 'Stop Blast!']);
    await warning.getByRole('button', { name: 'Stop Blast!' }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('connected');
    await context.close();
  });

  it("shows toasts clear of the page's actions and title at every width, each closed by its 'Tutup'", async () => {
    const member = await createUser(server, 'member');
    const deviceId = `toast-${Date.now().toString(36)}`;
    await link(member, deviceId);
    const { context, page } = await signedIn(member, { viewport: DESKTOP });
    await page.goto('/whatsapp');
    const reset = page.getByRole('button', { name: `Reset ${deviceId}` });
    for (const width of [1920, 1366, 1024, 768, 375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      // Clicked again while no dialog shows: a click landing as the row redraws for its new width can be lost.
      const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Reset' });
      await expect
        .poll(async () => {
          if (!(await confirm.isVisible())) await reset.click({ timeout: 5_000 }).catch(() => undefined);
          return confirm.isVisible();
        })
        .toBe(true);
      await confirm.click();
      const toast = page.locator('[data-sonner-toast][data-mounted="true"]');
      await toast.waitFor();
      expect(await page.locator('[data-sonner-toaster]').getAttribute('data-sonner-theme')).toBe('light');
      // Once it has slid in.
      await settled(page);
      expect(await page.getByRole('link', { name: 'Tambah' }).isVisible()).toBe(true);
      expect(await toastCovers(page), `toast at ${width} px`).toEqual([]);
      await toast.getByRole('button', { name: 'Tutup' }).click();
      await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    }
    // The toasts follow the page's theme (sonner draws light unless told).
    await page.getByTestId('theme-toggle').click();
    await reset.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
    await page.locator('[data-sonner-toast][data-mounted="true"]').waitFor();
    expect(await page.locator('[data-sonner-toaster]').getAttribute('data-sonner-theme')).toBe('dark');
    await context.close();
  });

  it('lets an admin activate a suspended account, with the toast clear of the header', async () => {
    const member = await createUser(server, 'member');
    for (const viewport of [DESKTOP, PHONE]) {
      const deviceId = `suspend-${viewport.width}-${Date.now().toString(36)}`;
      await link(member, deviceId);
      expect((await simulate(server, devToken, deviceId, 'ban')).status).toBe(200);
      const { context, page } = await signedInShared(admin, { viewport: viewport });
      await page.goto('/whatsapp');
      const status = page.getByTestId(`status-${deviceId}`);
      await expect.poll(() => status.textContent()).toMatch(/^Suspended \(\dx\)$/);
      const activate = page.locator('tr, li', { has: status }).getByRole('button', { name: 'Activate' });
      await activate.click();
      // Once it has slid in.
      await page.locator('[data-sonner-toast][data-mounted="true"]', { hasText: 'Akun diaktifkan.' }).waitFor();
      await settled(page);
      expect(await toastCovers(page), `toast at ${viewport.width} px`).toEqual([]);
      await expect.poll(() => status.textContent()).not.toMatch(/^Suspended/);
      await context.close();
    }
    // Two accounts linked and banned, one after the other: on a loaded machine each link alone may take 45 s.
  }, 150_000);
});
