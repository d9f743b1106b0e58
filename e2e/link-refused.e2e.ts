/**
 * A link WhatsApp refuses (issue 22): when WhatsApp asks the phone to confirm the link with a passkey, the
 * link screen stops showing QR codes and says why and what to do. The simulator's dev action `passkey` does
 * to the link what WhatsApp does.
 */
import { WHATSAPP_TEXT } from '@sewablast/contract/whatsapp';
import { describe, expect, it } from 'vitest';
import { callApi, createUser } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const suite = useSuite({ SEED_DEMO: '0' });

describe('Tambah Akun Whatsapp when WhatsApp wants a passkey', () => {
  it('says why the link ended and what to do, with no QR left on the screen', async () => {
    const { token } = await callApi<{ token: string }>(suite.server, '/auth/login', { body: DEV });
    const member = await createUser(suite.server, 'member');
    const { context, page } = await suite.signedIn(member);
    await page.waitForURL('**/dashboard');
    await page.goto('/whatsapp/create');
    const deviceId = await page.getByLabel('Account ID').inputValue();
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByTestId('qr').waitFor({ timeout: 15_000 });
    await fetch(`${suite.server.url}/dev/simulator/${deviceId}/passkey`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await page.getByText(WHATSAPP_TEXT.linkRefused.passkey).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('qr').count()).toBe(0);
    await context.close();
  });
});
