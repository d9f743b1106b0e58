/** The Blaster page in the browser: an admin sends one message from a linked account to chosen numbers. */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, linkAccount, login, simulate } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

// A fixed seed and device id: the simulator's chance of a refused send (3 %) must not decide the test.
const { server, open } = useSuite({ SIM_SCAN_MS: '600000', SEED_DEMO: '1', SIM_SEED: '20261123' });
let devToken: string;
beforeAll(async () => {
  devToken = await login(server, DEV);
});

describe('Blaster Whatsapp Message', () => {
  it('sends to the chosen receivers and says Terkirim!, and refuses a sender that is not connected', async () => {
    const admin = await createUser(server, 'admin');
    const token = await login(server, admin);
    const deviceId = 'blaster-e2e';
    const { phonenumber: phone } = await linkAccount(server, devToken, token, admin.id, deviceId);
    const { data: numbers } = await callApi<{ data: { number: string; name: string }[] }>(
      server,
      '/admin/phonenumber/list-per-page?limit=2',
      { token },
    );
    const [first, second] = numbers;
    if (!first || !second) throw new Error('the demo seed has no phone numbers');

    const { context, page } = await open();
    await signInThroughForm(page, admin);
    await page.waitForURL('**/dashboard');
    await page.goto('/blaster');
    await expect.poll(() => page.getByRole('heading', { name: 'Blaster Whatsapp Message' }).count()).toBe(1);
    expect(await page.getByText('Loading...').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThanOrEqual(1);

    await page.getByLabel('Choose Sender').selectOption(phone);
    await page.getByLabel('Message').fill('Halo {name}, ini pesan uji.');
    await page.getByLabel('Choose Receivers').fill(first.number);
    await page.getByRole('option', { name: new RegExp(first.number) }).click();
    await page.getByLabel('Choose Receivers').fill(second.number);
    await page.getByRole('option', { name: new RegExp(second.number) }).click();
    expect(await page.getByRole('list', { name: 'Penerima terpilih' }).getByRole('listitem').count()).toBe(2);

    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Terkirim!').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByText('Pesan blaster berhasil dikirim ke target.').count()).toBe(1);
    await page.getByRole('button', { name: 'OK' }).click();

    expect((await simulate(server, devToken, deviceId, 'ban')).status).toBe(200);
    await expect
      .poll(async () => {
        const { whatsapp } = await callApi<{ whatsapp: { state: string } }>(server, `/admin/whatsapp/${deviceId}`, {
          token,
        });
        return whatsapp.state;
      })
      .toBe('suspended');
    await page.reload();
    await page.getByLabel('Choose Sender').selectOption(phone);
    await page.getByLabel('Message').fill('Lagi');
    await page.getByRole('option', { name: /^All/ }).click();
    await page.getByRole('button', { name: 'Kirim' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Gagal!').count()).toBe(1);
    expect(await page.getByText(`${phone} is suspended`).count()).toBe(1);
    await context.close();
  });
});
