/**
 * The server on the real driver (WA_DRIVER=baileys), linking accounts in the browser through the fake
 * WhatsApp endpoint (apps/server/test/fake-wa) this file runs: the built server's Baileys connects to it,
 * handshakes with certificates of the file's own root (fake-whatsapp-preload.mjs points that one process at
 * both), and the endpoint's phone scans the QR the page was sent or takes the pairing code the page shows.
 * Then, with every account going through a proxy where nothing listens, the member is told the server cannot
 * reach WhatsApp while it keeps trying.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../apps/server/test/fake-wa/endpoint.ts';
import { Phone } from '../apps/server/test/fake-wa/phone.ts';
import { TEST_ROOT, TEST_ROOT_SERIAL } from '../apps/server/test/fake-wa/trust.ts';
import { callApi, createUser, login } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

let endpoint: FakeWhatsApp | null = null;
const whatsapp = () => {
  if (!endpoint) throw new Error('the endpoint starts with the server');
  return endpoint;
};

const { server, open } = useSuite(async () => {
  endpoint = await FakeWhatsApp.start();
  return {
    WA_DRIVER: 'baileys',
    SEED_DEMO: '0',
    // Announced as it is: the version is not fetched from web.whatsapp.com.
    WA_VERSION: '2.3000.1029000000',
    NODE_OPTIONS: `--import=${pathToFileURL(`${import.meta.dirname}/fake-whatsapp-preload.mjs`).href}`,
    FAKE_WA_URL: endpoint.url,
    FAKE_WA_ROOT: Buffer.from(TEST_ROOT.public).toString('base64'),
    FAKE_WA_ROOT_SERIAL: String(TEST_ROOT_SERIAL),
  };
});
afterAll(async () => {
  const failures = endpoint?.failures ?? [];
  await endpoint?.close();
  expect(failures).toEqual([]);
});

/** The QRs the server sent the page on its live channel, as the page draws them. */
function qrsSentTo(page: Page) {
  const qrs: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      // The channel's keep-alive 'pong' is no event.
      const text = String(payload);
      if (!text.startsWith('{')) return;
      const message = JSON.parse(text) as { event?: string; payload?: { qr?: string } };
      if (message.event === 'qr' && message.payload?.qr) qrs.push(message.payload.qr);
    }),
  );
  return qrs;
}

/** Tambah Akun Whatsapp opened from Daftar Whatsapp, where a finished link goes back to. */
async function fromTheList(page: Page) {
  await page.goto('/whatsapp');
  await page.getByRole('link', { name: 'Tambah' }).click();
  await page.waitForURL('**/whatsapp/create');
  return page.getByLabel('Account ID').inputValue();
}

async function accountOf(member: { email: string; password: string }, deviceId: string) {
  const token = await login(server, member);
  const answer = await callApi<{ whatsapp: { state: string; phonenumber: string } }>(
    server,
    `/admin/whatsapp/${deviceId}`,
    { token },
  );
  return answer.whatsapp;
}

describe('Tambah Akun Whatsapp on the Baileys driver, through the fake WhatsApp endpoint', () => {
  it('links by QR: the phone scans the QR shown, the account is saved connected under its number', async () => {
    const phone = whatsapp().addPhone(new Phone('6281234560001', '99000111220001'));
    const member = await createUser(server, 'member');
    const { context, page } = await open();
    const qrs = qrsSentTo(page);
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    const deviceId = await fromTheList(page);
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByTestId('qr').locator('svg').waitFor();
    await expect.poll(() => qrs.length).toBeGreaterThan(0);
    await whatsapp().scan(phone, qrs.at(-1) as string);
    await page.waitForURL('**/whatsapp');
    await expect.poll(() => page.getByTestId(`status-${deviceId}`).textContent()).toBe('connected');
    expect(await accountOf(member, deviceId)).toMatchObject({ state: 'connected', phonenumber: phone.number });
    expect(phone.devices).toHaveLength(1);
    await context.close();
  });

  it('links by pairing code: the phone takes the code the page shows', async () => {
    const phone = whatsapp().addPhone(new Phone('6281234560002', '99000111220002'));
    const member = await createUser(server, 'member');
    const { context, page } = await open({ viewport: { width: 375, height: 740 } });
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    const deviceId = await fromTheList(page);
    await page.getByRole('tab', { name: 'Login dengan Nomor' }).click();
    await page.getByLabel('Nomor WhatsApp').fill(phone.number);
    await page.getByRole('button', { name: 'Generate Pairing Code' }).click();
    const shown = page.getByTestId('pairing-code');
    await shown.waitFor();
    const code = (await shown.textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await whatsapp().enterCode(phone, code);
    await page.waitForURL('**/whatsapp');
    await expect.poll(() => page.getByTestId(`status-${deviceId}`).textContent()).toBe('connected');
    expect(await accountOf(member, deviceId)).toMatchObject({ state: 'connected', phonenumber: phone.number });
    await context.close();
  });

  it('says the server cannot reach WhatsApp yet when the proxy does not answer, and the server stays up', async () => {
    const token = await login(server, DEV);
    await callApi(server, '/admin/proxy/save', { body: { value: 'http://127.0.0.1:9' }, token });
    const health = await callApi<{ driver: string }>(server, '/health');
    expect(health.driver).toBe('baileys');
    const member = await createUser(server, 'member');
    const { context, page } = await open();
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp/create');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('Server belum dapat tersambung ke WhatsApp. Mencoba lagi...').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('qr').count()).toBe(0);
    expect((await callApi<{ ok: boolean }>(server, '/health')).ok).toBe(true);
    await context.close();
  });
});
