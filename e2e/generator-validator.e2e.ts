/**
 * Number generators and validators in the browser, with the simulator (issue 12, Deliver 4): a staff user
 * links an account, runs a generator and watches it live to the end, downloads the numbers found, runs a
 * validator over an uploaded CSV, and meets the 'Forbidden' dialog on a dropped connection.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person, simulate } from './api.ts';
import { downloadedText, useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { server, open } = useSuite({ SIM_SCAN_MS: '600000' });
let devToken: string;
let staff: Person;
let deviceId: string;
let page: Page;

const RUN = { timeout: 90_000, interval: 250 };

beforeAll(async () => {
  devToken = await login(server, DEV);
  staff = await createUser(server, 'staff');
  // Wide enough for the job table (narrower, the rows are cards), whose cells the counts are read from.
  ({ page } = await open({ viewport: { width: 1920, height: 1000 } }));
  await signInThroughForm(page, staff);
  await page.waitForURL((url) => url.pathname !== '/signin');
});

/** The row of a job on its list, found by its status cell. */
const rowOf = (id: number) => page.locator('tr', { has: page.getByTestId(`job-status-${id}`) });
const count = async (id: number, column: number) =>
  Number((await rowOf(id).locator('td').nth(column).textContent())?.replace(/\D/g, '') || 0);

/** Starts a job from its list and follows it live to the end: counts rise while it runs, then 'Selesai'. */
async function runToTheEnd(kind: 'Generator' | 'Validator', id: number, running: string) {
  const status = page.getByTestId(`job-status-${id}`);
  await expect.poll(() => status.textContent()).toBe('Idle');
  await page.getByRole('button', { name: `Start ${kind} #${id}` }).click();
  await expect.poll(() => status.textContent(), RUN).toMatch(new RegExp(`${running}|Waiting \\(\\d+ s\\)`));
  // Counts change without a reload: success (column 2) plus fail (column 3) grows past one.
  await expect.poll(async () => (await count(id, 2)) + (await count(id, 3)), RUN).toBeGreaterThanOrEqual(2);
  await expect.poll(() => status.textContent(), RUN).toBe('Selesai');
  expect(await rowOf(id).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
}

async function downloaded(kind: 'Generator' | 'Validator', id: number) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${kind} #${id}` }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await downloadedText(file) };
}

describe('generators and validators', () => {
  it('links an account, creates a generator, watches it run live to the end and downloads its numbers', async () => {
    await page.goto('/whatsapp/create?type=generator');
    deviceId = await page.getByLabel('Account ID').inputValue();
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByTestId('qr').locator('svg').waitFor();
    expect((await simulate(server, devToken, deviceId, 'scan')).status).toBe(200);
    await page.waitForURL((url) => !url.pathname.startsWith('/whatsapp/create'));

    await page.goto('/generator/list');
    await expect.poll(() => page.getByText('Kosong').count()).toBe(1);
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL('**/generator/create');
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByLabel('Interval Min').inputValue()).toBe('1');
    expect(await page.getByLabel('Interval Max').inputValue()).toBe('2');
    await page.getByLabel('Nomor Awal').fill('6281200000040');
    await page.getByLabel('Nomor Akhir').fill('6281200000001');
    await page.getByLabel('Interval Max').fill('1');
    await submit.click();
    await expect.poll(() => page.getByText('Target nomor awal harus lebih kecil dari nomor akhir').count()).toBe(1);
    await page.getByLabel('Nomor Awal').fill('6281200000001');
    await page.getByLabel('Nomor Akhir').fill('6281200000020');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/generator/create'));
    await submit.click();
    const { generator } = (await (await saved).json()) as { generator: { id: number } };
    await page.waitForURL('**/generator/list');

    await runToTheEnd('Generator', generator.id, 'Generating');
    expect((await count(generator.id, 2)) + (await count(generator.id, 3))).toBe(20);

    const { name, text } = await downloaded('Generator', generator.id);
    expect(name).toBe('phone_numbers_generated.csv');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toBe('number,name,status');
    expect(lines).toHaveLength(await count(generator.id, 2));
    for (const line of lines) expect(line).toMatch(/^628120000\d{4},[^,]*,active$/);

    // Edit: the range is locked, the pace changes, and the save goes back to the list.
    await page.getByRole('link', { name: `Edit Generator #${generator.id}` }).click();
    await page.waitForURL(`**/generator/create?id=${generator.id}`);
    const startField = page.getByLabel('Nomor Awal');
    await expect.poll(() => startField.inputValue()).toBe('6281200000001');
    expect(await startField.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Interval Max').fill('3');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/generator/list');
    const token = await login(server, staff);
    const edited = await callApi<{ generator: { interval_max: number } }>(server, `/admin/generator/${generator.id}`, {
      token,
    });
    expect(edited.generator.interval_max).toBe(3);
  }, 150_000);

  it("keeps the list's filter and search in its address, each starting again from page 1", async () => {
    await page.goto('/generator/list?page=1');
    const filter = page.getByLabel('Filter Status');
    const rows = page.locator('[data-testid^="job-status-"]');
    await filter.selectOption('finished');
    await expect.poll(() => new URL(page.url()).search, RUN).toBe('?page=1&status=finished');
    await expect.poll(() => rows.count(), RUN).toBe(1);
    await filter.selectOption('error');
    await expect.poll(() => page.getByText('Kosong').count(), RUN).toBe(1);
    await page.goBack();
    await expect.poll(() => filter.inputValue(), RUN).toBe('finished');
    await expect.poll(() => rows.count(), RUN).toBe(1);
    await page.getByLabel('Cari Whatsapp').fill('tidak ada');
    // The search goes to the address 1 s after typing stops.
    await expect.poll(() => new URL(page.url()).search, RUN).toBe('?page=1&status=finished&s=tidak+ada');
    await expect.poll(() => page.getByText('Kosong').count(), RUN).toBe(1);
  });

  it('validates the numbers of an uploaded CSV to the end', async () => {
    await page.goto('/validator/list');
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL('**/validator/create');
    await expect.poll(() => page.getByRole('heading', { name: 'Tambah Akun Validator' }).count()).toBe(1);
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    // 'Daftar Baru' leads to linking a new account for the validator.
    await page.getByLabel('Whatsapp Generator').selectOption('new');
    await page.waitForURL('**/whatsapp/create/?type=validator');
    await page.goBack();
    await page.waitForURL('**/validator/create');
    // Back on the form the account is chosen again: a back that overtakes the way out (its route still
    // loading) returns to the same form, still on 'Daftar Baru', as a user would find it.
    const select = page.getByLabel('Whatsapp Generator');
    const account = await select.evaluate(
      (element) => [...(element as HTMLSelectElement).options].find((option) => /^\d+$/.test(option.value))?.value,
    );
    await select.selectOption(account ?? '');
    const csv = ['number,name', ...Array.from({ length: 8 }, (_, i) => `62813000000${10 + i},Uji ${i}`), 'bukan,nomor'];
    await page.getByLabel('File').setInputFiles({
      name: 'target.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv.join('\n')}\n`),
    });
    await page.getByLabel('Interval Max').fill('1');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/validator/create'));
    await submit.click();
    const answer = (await (await saved).json()) as { validator: { id: number }; total: number; skipped: number };
    expect(answer).toMatchObject({ total: 8, skipped: 1 });
    await page.waitForURL('**/validator/list');
    const id = answer.validator.id;
    await expect.poll(() => rowOf(id).getByRole('link', { name: 'target.csv' }).count()).toBe(1);

    await runToTheEnd('Validator', id, 'Validating');
    expect((await count(id, 2)) + (await count(id, 3))).toBe(8);
    const { name, text } = await downloaded('Validator', id);
    expect(name).toBe('phone_numbers_validated.csv');
    expect(text.split(/\r?\n/)[0]).toBe('number,name,status');

    // Delete asks first, reads 'Deleting...' until the server confirms, then the row is gone.
    await page.getByRole('button', { name: `Hapus Validator #${id}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await expect.poll(() => page.getByTestId(`job-status-${id}`).count()).toBe(0);
    await expect.poll(() => page.getByText('Kosong').count()).toBe(1);
  }, 120_000);

  it("answers Start on a dropped connection with 'Forbidden', whose OK goes to reconnect the account", async () => {
    const token = await login(server, staff);
    const { whatsapp } = await callApi<{ whatsapp: { id: number } }>(server, `/admin/whatsapp/${deviceId}`, { token });
    const { generator } = await callApi<{ generator: { id: number } }>(server, '/admin/generator/create', {
      token,
      body: {
        start_number: '6281400000001',
        end_number: '6281400000009',
        whatsapp_id: whatsapp.id,
        interval_min: 1,
        interval_max: 2,
      },
    });
    await page.goto('/generator/list');
    const state = page.getByTestId(`job-account-state-${generator.id}`);
    await expect.poll(() => state.textContent()).toBe('connected');

    // The simulator reconnects 3 s after a drop: the click comes as soon as the list shows the drop.
    await simulate(server, devToken, deviceId, 'disconnect');
    await expect.poll(() => state.textContent(), { interval: 50 }).toBe('disconnected');
    await page.getByRole('button', { name: `Start Generator #${generator.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Forbidden' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Sambungan terputus, silahkan sambungkan ulang!');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/whatsapp/create?r=${whatsapp.id}`);
  });
});
