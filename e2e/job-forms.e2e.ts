import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person, simulate } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const { server, signedInShared } = useSuite({ SIM_SCAN_MS: '600000' });
let staff: Person;
let token: string;
let account: { id: number; phonenumber: string };

beforeAll(async () => {
  const devToken = await login(server, DEV);
  staff = await createUser(server, 'staff');
  token = await login(server, staff);
  const deviceId = `jobs-${Date.now().toString(36)}`;
  await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId: staff.id }, token });
  expect((await simulate(server, devToken, deviceId, 'scan')).status).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { whatsapp } = await callApi<{ whatsapp: { id: number; phonenumber: string | null } }>(
      server,
      `/admin/whatsapp/${deviceId}`,
      { token },
    );
    if (whatsapp.phonenumber) {
      account = { id: whatsapp.id, phonenumber: whatsapp.phonenumber };
      break;
    }
    if (Date.now() > deadline) throw new Error('the account was not linked');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

/** Staff signed in with axe loaded, on a line where the owner's accounts answer after the form has drawn. */
async function signedInSlowly(viewport: { width: number; height: number }) {
  const opened = await signedInShared(staff, { viewport, axe: true });
  await opened.page.route('**/api/admin/whatsapp/list/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  return opened;
}

/** What the select shows: the text of its chosen option. */
const shownAccount = (page: Page) =>
  page.getByLabel('Whatsapp Generator').evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text);

async function expectSavedAccountShown(page: Page, saveUrl: string) {
  const select = page.getByLabel('Whatsapp Generator');
  await expect.poll(() => select.isEnabled()).toBe(true);
  expect(await shownAccount(page)).toBe(account.phonenumber);
  expect(await select.inputValue()).toBe(String(account.id));
  const submit = page.getByRole('button', { name: 'Submit' });
  expect(await submit.isEnabled()).toBe(true);
  // Choosing the account it shows changes nothing and goes nowhere.
  await select.selectOption(String(account.id));
  expect(new URL(page.url()).pathname).not.toContain('/whatsapp/create');
  await page.getByLabel('Interval Max').fill('4');
  const saved = page.waitForRequest((request) => request.url().endsWith(saveUrl));
  await submit.click();
  return saved;
}

describe('editing a generator or a validator', () => {
  it('shows the generator’s own account at 1366 px, keeps it on save, and shows the range read-only', async () => {
    const { generator } = await callApi<{ generator: { id: number } }>(server, '/admin/generator/create', {
      token,
      body: {
        start_number: '6281500000001',
        end_number: '6281500000009',
        whatsapp_id: account.id,
        interval_min: 1,
        interval_max: 2,
      },
    });
    const { context, page } = await signedInSlowly({ width: 1366, height: 800 });
    await page.goto(`/generator/create?id=${generator.id}`);
    await page.getByRole('heading', { name: 'Edit Generator' }).waitFor();

    const start = page.getByLabel('Nomor Awal');
    await expect.poll(() => start.inputValue()).toBe('6281500000001');
    expect(await start.getAttribute('readonly')).not.toBeNull();
    // Said to a screen reader beside the field, and seen as different from a field to type in.
    const hintId = await start.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe('Tidak dapat diubah setelah generator dibuat.');
    const look = (label: string) =>
      page.getByLabel(label).evaluate((input) => {
        const style = getComputedStyle(input);
        return `${style.backgroundColor} ${style.borderStyle} ${style.cursor}`;
      });
    expect(await look('Nomor Awal')).not.toBe(await look('Interval Min'));
    expect(await look('Nomor Awal')).toContain('dashed');

    const request = await expectSavedAccountShown(page, `/api/admin/generator/${generator.id}`);
    expect(request.postDataJSON()).toMatchObject({ whatsapp_id: account.id, interval_max: 4 });
    await page.waitForURL((url) => !url.search.includes('id='));
    await page.goto(`/generator/create?id=${generator.id}`);
    await expect.poll(() => page.getByLabel('Whatsapp Generator').isEnabled()).toBe(true);
    expect(await axeFindings(page, 'all')).toEqual([]);

    // 'Daftar Baru' shuts the submit, and leads to linking a new account.
    await page.getByLabel('Whatsapp Generator').selectOption('new');
    await page.waitForURL('**/whatsapp/create/?type=generator');
    await context.close();
  });

  it('shows the validator’s own account at 375 px and keeps it on save', async () => {
    const body = new FormData();
    body.append('whatsapp_id', String(account.id));
    body.append('interval_min', '1');
    body.append('interval_max', '2');
    body.append('file', new Blob(['number,name\n6281600000001,Uji\n'], { type: 'text/csv' }), 'target.csv');
    const response = await fetch(`${server.url}/api/admin/validator/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    expect(response.status).toBe(200);
    const { validator } = (await response.json()) as { validator: { id: number } };

    const { context, page } = await signedInSlowly({ width: 375, height: 812 });
    await page.goto(`/validator/create?id=${validator.id}`);
    await page.getByRole('heading', { name: 'Edit Validator' }).waitFor();
    const request = await expectSavedAccountShown(page, `/api/admin/validator/${validator.id}`);
    expect(request.postData()).toMatch(new RegExp(`name="whatsapp_id"\\r\\n\\r\\n${account.id}\\r\\n`));
    await context.close();
  });

  it('says a chosen file of the wrong type is not accepted, at 375 px', async () => {
    const { context, page } = await signedInSlowly({ width: 375, height: 812 });
    await page.goto('/validator/create');
    await page.getByRole('heading', { name: 'Tambah Akun Validator' }).waitFor();
    await expect.poll(() => page.getByLabel('Whatsapp Generator').inputValue()).toBe(String(account.id));
    await page
      .getByLabel('File')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    const error = page.getByRole('alert').filter({ hasText: 'Jenis file tidak diterima' });
    await error.waitFor();
    expect(await error.textContent()).toBe('Jenis file tidak diterima: pilih file .csv, .json atau .xlsx.');
    expect(await page.getByText('terlebih dahulu').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    expect(await axeFindings(page, 'all')).toEqual([]);
    await context.close();
  });
});
