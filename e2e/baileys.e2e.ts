/**
 * The server on the real driver (WA_DRIVER=baileys). WhatsApp cannot be reached from a test, so every
 * account goes through a proxy where nothing listens: the link fails the way an offline server would, and
 * the member is told so while the server keeps trying.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { server, open } = useSuite({ WA_DRIVER: 'baileys', SEED_DEMO: '0' });
beforeAll(async () => {
  const token = await login(server, DEV);
  await callApi(server, '/admin/proxy/save', { body: { value: 'http://127.0.0.1:9' }, token });
});

describe('Tambah Akun Whatsapp on the Baileys driver, with WhatsApp out of reach', () => {
  it('says the server cannot reach WhatsApp yet, and the server stays up', async () => {
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
