/** A member links a WhatsApp account by QR code and by pairing code, in the browser, with the simulator. */
import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, simulate } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { server, open } = useSuite({ SIM_SCAN_MS: '600000', SEED_DEMO: '1' });
let devToken: string;
beforeAll(async () => {
  devToken = await login(server, DEV);
});

const scan = (deviceId: string) => simulate(server, devToken, deviceId, 'scan');

describe('Tambah Akun Whatsapp', () => {
  it('links by QR: the QR shows, the phone scans, the account is saved and the screen goes back', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await open();
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp');
    await page.getByRole('link', { name: 'Tambah' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Tambah Akun Whatsapp' }).count()).toBe(1);
    const deviceId = await page.getByLabel('Account ID').inputValue();
    expect(deviceId).toMatch(/^wa-/);
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByTestId('qr').locator('svg').waitFor();
    expect(await page.getByText(/Berlaku \d+ detik/).count()).toBe(1);

    expect((await scan(deviceId)).status).toBe(200);
    await page.waitForURL('**/whatsapp');
    const token = await login(server, member);
    const { whatsapp } = await callApi<{ whatsapp: { state: string; phonenumber: string } }>(
      server,
      `/admin/whatsapp/${deviceId}`,
      { token },
    );
    expect(whatsapp).toMatchObject({ state: 'connected', phonenumber: expect.stringMatching(/^628/) });
    await context.close();
  });

  it('links by pairing code shown as XXXX-XXXX, refusing a number without 62', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await open({ viewport: { width: 375, height: 740 } });
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp/create');
    await page.getByRole('tab', { name: 'Login dengan Nomor' }).click();
    const phone = page.getByLabel('Nomor WhatsApp');
    expect(await phone.inputValue()).toBe('62');
    await phone.fill('081234');
    await page.getByRole('button', { name: 'Generate Pairing Code' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Nomor harus diawali 62.' }).count()).toBe(1);
    await phone.fill('6281234567001');
    await page.getByRole('button', { name: 'Generate Pairing Code' }).click();
    const code = page.getByTestId('pairing-code');
    await code.waitFor();
    expect(await code.textContent()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const deviceId = await page.getByLabel('Account ID').inputValue();
    await scan(deviceId);
    // Back one page, as the spec says, though that page was left by typing an address.
    await page.waitForURL('**/dashboard');

    // A tab opened straight on the screen has no page to go back to: it goes on to the accounts.
    const [tab] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => window.open('/whatsapp/create'))]);
    expect(await tab.evaluate(() => window.history.length)).toBe(1);
    const another = await tab.getByLabel('Account ID').inputValue();
    await tab.getByRole('button', { name: 'Generate QR Code' }).click();
    await tab.getByTestId('qr').locator('svg').waitFor();
    await scan(another);
    await tab.waitForURL('**/whatsapp');
    await expect.poll(() => tab.getByTestId(`status-${another}`).count()).toBe(1);
    await context.close();
  });

  it('starts a blast from Daftar Whatsapp, shows the counts rising live, and stops it', async () => {
    const member = await createUser(server, 'member');
    await callApi(server, `/admin/users/${member.id}`, {
      method: 'PUT',
      body: { blast_interval_min: 1, blast_interval_max: 1 },
      token: devToken,
    });
    const { context, page } = await open();
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp');
    await expect.poll(() => page.getByText('Kosong').count()).toBe(1);
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL('**/whatsapp/create');
    const deviceId = await page.getByLabel('Account ID').inputValue();
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByTestId('qr').locator('svg').waitFor();
    await scan(deviceId);
    await page.waitForURL('**/whatsapp');
    const status = page.getByTestId(`status-${deviceId}`);
    await expect.poll(() => status.textContent()).toBe('connected');

    await page.getByRole('button', { name: `Start ${deviceId}` }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/Sending|Waiting/);
    const row = page.locator('tr', { has: status });
    await expect
      .poll(async () => Number(await page.getByTestId(`success-${deviceId}`).textContent()), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId(`delivered-${deviceId}`).textContent()).toMatch(/^Diterima \d+$/);
    expect(await row.locator('td').nth(4).textContent()).toMatch(/Rp/);

    await page.goto('/dashboard');
    const rupiah = (value: string | null) => Number((value ?? '').replace(/\D/g, ''));
    const balanceCard = page.getByTestId('value-balance');
    await expect.poll(async () => rupiah(await balanceCard.textContent())).toBeGreaterThan(0);
    const seen = rupiah(await balanceCard.textContent());
    await expect.poll(async () => rupiah(await balanceCard.textContent()), { timeout: 10_000 }).toBeGreaterThan(seen);

    await page.goto('/whatsapp');
    // The row turns idle at the click; the money of a send still in flight is recorded before the answer.
    const stopped = page.waitForResponse((response) => response.url().includes('/admin/whatsapp/stop-blasting'));
    await page.getByRole('button', { name: `Stop ${deviceId}` }).click();
    expect((await stopped).ok()).toBe(true);
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('connected');
    const token = await login(server, member);
    const { balance } = await callApi<{ balance: number }>(server, `/admin/withdraw/balance/${member.id}`, { token });
    const { whatsapp } = await callApi<{ whatsapp: { income: number; blasting: boolean } }>(
      server,
      `/admin/whatsapp/${deviceId}`,
      { token },
    );
    expect(whatsapp.blasting).toBe(false);
    expect(balance).toBe(whatsapp.income);
    expect(balance).toBeGreaterThan(0);

    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard Member' }).count()).toBe(1);
    expect(await page.getByTestId('marquee').textContent()).toContain('Selamat datang di Sewablast');
    await expect.poll(async () => rupiah(await page.getByTestId('value-balance').textContent())).toBe(balance);
    expect(await page.getByTestId('value-connectedCount').textContent()).toBe('1');
    expect(Number(await page.getByTestId('value-successCount').textContent())).toBeGreaterThanOrEqual(2);
    expect(rupiah(await page.getByTestId('value-todayIncome').textContent())).toBe(balance);
    expect(await page.getByTestId('value-totalBonus').textContent()).toMatch(/Rp\s*0/);
    const analytics = (await context.cookies()).find((cookie) => cookie.name === 'analytics');
    expect(JSON.parse(decodeURIComponent(analytics?.value ?? '{}')).balance).toBe(balance);
    await context.close();
  });
});

describe('Tambah Akun Whatsapp, when something is wrong', () => {
  // Each link holds a proxy: the five of the demo seed went to the tests above.
  beforeAll(async () => {
    for (const port of [9001, 9002]) {
      await callApi(server, '/admin/proxy/save', { body: { value: `http://127.0.0.1:${port}` }, token: devToken });
    }
  });

  it('says a reconnect link names no account of the user, once, and offers the list instead of the form', async () => {
    const owner = await createUser(server, 'member');
    const ownerToken = await login(server, owner);
    const deviceId = `other-${Date.now().toString(36)}`;
    await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId: owner.id }, token: ownerToken });
    const { whatsapp } = await callApi<{ whatsapp: { id: number } }>(server, `/admin/whatsapp/${deviceId}`, {
      token: ownerToken,
    });

    const member = await createUser(server, 'member');
    for (const [id, viewport] of [
      [whatsapp.id, { width: 375, height: 812 }],
      [999_999, { width: 1366, height: 800 }],
    ] as const) {
      const { context, page } = await open({ viewport, axe: true });
      await signInThroughForm(page, member);
      await page.waitForURL('**/dashboard');
      let reads = 0;
      page.on('request', (request) => {
        if (request.url().endsWith(`/api/admin/whatsapp/${id}`)) reads += 1;
      });
      await page.goto(`/whatsapp/create?r=${id}`);
      const alert = page.getByRole('alert').filter({ hasText: 'disambungkan ulang' });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(WHATSAPP_TEXT.reconnectMissing);
      expect(reads).toBe(1);
      // Nothing to link from here: the form that would make a new account is not offered.
      expect(await page.getByRole('button', { name: 'Generate QR Code' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: WHATSAPP_TEXT.linkNew }).getAttribute('href')).toBe(
        '/whatsapp/create',
      );
      expect(await axeFindings(page, 'all')).toEqual([]);
      await page.getByRole('link', { name: WHATSAPP_TEXT.openList }).click();
      await page.waitForURL((url) => url.pathname === '/whatsapp');
      await context.close();
    }
  });

  it("says '62' alone is too short, not that it lacks 62", async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await open({ viewport: { width: 375, height: 812 } });
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp/create');
    await page.getByRole('tab', { name: 'Login dengan Nomor' }).click();
    expect(await page.getByLabel('Nomor WhatsApp').inputValue()).toBe('62');
    await page.getByRole('button', { name: 'Generate Pairing Code' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nomor' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(WHATSAPP_TEXT.pairingLength);
    await context.close();
  });

  it('says once, in Indonesian, that a start did not reach the server', async () => {
    const member = await createUser(server, 'member');
    const token = await login(server, member);
    const deviceId = `offline-${Date.now().toString(36)}`;
    await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId: member.id }, token });
    expect((await scan(deviceId)).status).toBe(200);
    const { context, page } = await open({ viewport: { width: 1366, height: 800 } });
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp');
    await expect
      .poll(() => page.getByTestId(`status-${deviceId}`).textContent(), { timeout: 15_000 })
      .toBe('connected');
    await page.route('**/api/admin/whatsapp/start-blasting', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: `Start ${deviceId}` }).click();
    const toast = page.locator('[data-sonner-toast]');
    await toast.first().waitFor();
    expect(await toast.first().textContent()).toBe(WHATSAPP_TEXT.startUnreachable);
    expect(await page.getByText(/Network error|Silahkan coba lagi/).count()).toBe(0);
    await context.close();
  });
});
