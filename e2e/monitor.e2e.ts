/**
 * The dev monitors (issue 14 item 1) in the browser: the realtime monitor's live lines for one device
 * (connection.update yellow, authenticated green), the Client ID link to it from Daftar Whatsapp, and the
 * data monitors' display modes kept in the address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, simulate } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { server, open } = useSuite({ SIM_SCAN_MS: '600000' });
let dev: { token: string; user: { id: number } };
beforeAll(async () => {
  dev = await callApi(server, '/auth/login', { body: DEV });
});

const link = (deviceId: string) =>
  callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId: dev.user.id }, token: dev.token });

describe('the dev monitors', () => {
  it("shows a device's live lines as it links: connection.update yellow, authenticated green", async () => {
    const deviceId = `wa-mon${Date.now().toString(36)}`;
    const other = `wa-oth${Date.now().toString(36)}`;
    const { context, page } = await open();
    await signInThroughForm(page, DEV);
    await page.waitForURL('**/dashboard');
    await page.goto(`/monitor/realtime?id=${deviceId}`);
    await page.getByText(`Menunggu event untuk ${deviceId}...`).waitFor();
    // The QR goes out once the page's socket is open; a line for it shows the socket is listening.
    await expect
      .poll(async () => {
        await link(deviceId).catch(() => undefined);
        return page.locator('li[data-event="qr"]').count();
      })
      .toBeGreaterThan(0);
    const qrLines = await page.locator('li[data-event="qr"]').count();
    await link(other);
    expect((await simulate(server, dev.token, deviceId, 'scan')).status).toBe(200);
    const connected = page.locator('li[data-event="connection.update"]').filter({ hasText: 'state: connected' });
    await connected.first().waitFor();
    expect(await connected.first().getAttribute('class')).toContain('bg-yellow-100');
    const authenticated = page.locator('li[data-event="authenticated"]');
    await authenticated.waitFor();
    expect(await authenticated.getAttribute('class')).toContain('bg-green-100');
    expect(await authenticated.textContent()).toMatch(/number: 628\d+/);
    // The other device's QR, sent before this one's scan, is not this monitor's.
    expect(await page.locator('li[data-event="qr"]').count()).toBe(qrLines);

    // The Client ID on Daftar Whatsapp opens the same monitor for a dev.
    await page.goto('/whatsapp');
    await page.getByRole('link', { name: deviceId }).click();
    await page.waitForURL(`**/monitor/realtime?id=${deviceId}`);
    await page.getByText(`Menunggu event untuk ${deviceId}...`).waitFor();
    await context.close();
  });

  it('shows this node as text, a tree and a viewer, the mode kept in the address', async () => {
    const { context, page } = await open({ viewport: { width: 375, height: 740 } });
    await signInThroughForm(page, DEV);
    await page.waitForURL('**/dashboard');
    await page.goto('/monitor/local');
    const data = page.getByRole('region', { name: 'Monitor Local' });
    await expect.poll(async () => (await data.textContent()) ?? '').toContain('"role": "all"');
    await page.getByLabel('Tampilan').selectOption('JSONTree');
    await page.waitForURL('**/monitor/local?type=JSONTree');
    await expect.poll(() => data.locator('ul li').count()).toBeGreaterThan(3);
    await page.goto('/monitor/local?type=1');
    await expect.poll(() => data.locator('.w-rjv').count()).toBe(1);

    await page.goto('/monitor/remote');
    await page.getByText('Masukkan ID perangkat atau client untuk melihat datanya.').waitFor();
    await page.getByLabel('ID', { exact: true }).fill('no-such-device');
    await page.getByRole('button', { name: 'Tampilkan' }).click();
    await page.waitForURL('**/monitor/remote?id=no-such-device');
    await page.getByRole('alert').filter({ hasText: 'Perangkat tidak ditemukan.' }).waitFor();
    await context.close();
  });
});
