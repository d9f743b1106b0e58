/** An admin fills the system from the dashboard: numbers by hand and by file, a template, proxies, a level, settings. */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_TEXT } from '@sewablast/contract/imports';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './api.ts';
import { downloadedText, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open } = useSuite();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const admin = await createUser(server, 'admin');
  ({ context, page } = await open());
  await signInThroughForm(page, admin);
  await page.waitForURL('**/dashboard');
});

const file = (name: string, content: string | Buffer) => {
  const path = join(tmpdir(), `${Date.now()}-${name}`);
  writeFileSync(path, content);
  return path;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('phone numbers', () => {
  it('adds a number by hand, refusing a bad one with the field named', async () => {
    await page.goto('/phonenumber');
    await expect.poll(() => page.getByText('Kosong').count()).toBe(1);
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL('**/phonenumber/create');
    await page.getByLabel('Phone Number').fill('12345');
    await page.getByLabel('Name').fill('Budi');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Nomor harus diawali 62 dan berisi 10-15 angka.').count()).toBe(1);
    await page.getByLabel('Phone Number').fill('0812-3456-7890');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL('**/phonenumber');
    await expect.poll(() => page.getByText('6281234567890').count()).toBe(1);
  });

  it('uploads a CSV and shows the count, the first 5 skipped rows and the rest', async () => {
    const rows = ['number,name'];
    for (let i = 0; i < 30; i++) rows.push(`62857000${String(i).padStart(5, '0')},Upload ${i}`);
    for (let i = 0; i < 8; i++) rows.push(`bad${i},Rusak ${i}`);
    rows.push('6281234567890,Sudah Ada');
    await page.goto('/phonenumber/create');
    await page.getByLabel('File').setInputFiles(file('numbers.csv', rows.join('\n')));
    await page.getByRole('button', { name: 'Upload' }).click();
    const result = page.getByTestId('import-result');
    await expect.poll(() => result.getByText('30 nomor berhasil didaftarkan.').count()).toBe(1);
    expect(await result.getByText('9 nomor dilewati').count()).toBe(1);
    expect(await result.locator('tbody tr').count()).toBe(5);
    expect(await result.getByText('Dan 4 lainnya.', { exact: false }).count()).toBe(1);
    const download = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe('phone_numbers_skipped.csv');

    await page.goto('/phonenumber');
    await expect.poll(() => page.getByText('Page 1 of 4').count()).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Page 2 of 4').count()).toBe(1);
    await page.getByLabel('Cari nomor atau nama').fill('6285700000012');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 5000 }).toBe(1);
    expect(await page.getByText('Upload 12').count()).toBe(1);
  });

  it('exports CSV and deletes a row after confirmation', async () => {
    await page.goto('/phonenumber');
    await page.locator('tbody tr').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('phone_numbers.csv');
    expect(await page.getByText('31 nomor', { exact: true }).count()).toBe(1);
    await page.getByLabel('Cari nomor atau nama').fill('0812345');
    await page.getByRole('button', { name: 'Hapus 6281234567890' }).click();
    await page.getByRole('button', { name: 'Hapus', exact: true }).click();
    await expect.poll(() => page.getByText('Kosong').count()).toBe(1);
    await page.getByLabel('Cari nomor atau nama').fill('');
    await expect.poll(() => page.getByText('30 nomor', { exact: true }).count(), { timeout: 5000 }).toBe(1);
  });

  it('downloads every skipped row of a large file, read back from the server', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `rusak${i},Rusak ${i}`);
    await page.goto('/phonenumber/create');
    await page.getByLabel('File').setInputFiles(file('rusak.csv', rows.join('\n')));
    await page.getByRole('button', { name: 'Upload' }).click();
    const result = page.getByTestId('import-result');
    await expect.poll(() => result.getByText('250 nomor dilewati').count()).toBe(1);
    expect(await result.locator('tbody tr').count()).toBe(5);
    expect(await result.getByText('Dan 245 lainnya.', { exact: false }).count()).toBe(1);
    const download = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download JSON' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('phone_numbers_skipped.json');
    const list = JSON.parse(await downloadedText(saved));
    expect(list).toHaveLength(250);
    expect(list[249]).toEqual({
      number: 'rusak249',
      name: 'Rusak 249',
      reason: 'Nomor harus diawali 62 dan berisi 10-15 angka.',
    });
  });

  it('uploads an Excel workbook, numbers typed as numbers, and says so when a workbook cannot be read', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Daftar');
    sheet.addRow(['number', 'name']);
    for (let i = 0; i < 12; i++) sheet.addRow([6285800000000 + i, `Excel ${i}`]);
    await page.goto('/phonenumber/create');
    const input = page.getByLabel('File');
    expect(await input.getAttribute('accept')).toContain('.xlsx');
    await input.setInputFiles(file('nomor.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())));
    await page.getByRole('button', { name: 'Upload' }).click();
    const result = page.getByTestId('import-result');
    await expect.poll(() => result.getByText('12 nomor berhasil didaftarkan.').count()).toBe(1);
    await page.goto('/phonenumber');
    await page.getByLabel('Cari nomor atau nama').fill('6285800000011');
    await expect.poll(() => page.getByText('Excel 11').count(), { timeout: 5000 }).toBe(1);

    await page.goto('/phonenumber/create');
    await page.getByLabel('File').setInputFiles(file('rusak.xlsx', Buffer.from('PK\u0003\u0004 bukan workbook')));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByText(IMPORT_TEXT.unreadableWorkbook).count()).toBeGreaterThan(0);
  });
});

describe('message templates', () => {
  it('creates a template with an image and buttons, blocking a button without a URL', async () => {
    await page.goto('/message');
    await expect.poll(() => page.getByText('Kosong').count()).toBe(1);
    await page.getByRole('link', { name: 'Tambah' }).click();
    const editor = page.getByRole('textbox', { name: 'Caption' });
    await editor.click();
    await page.keyboard.type('Halo ');
    await page.getByRole('button', { name: 'Tebal' }).click();
    await page.keyboard.type('{name}');
    await page.getByLabel(/Media/).setInputFiles(file('promo.png', PNG));
    await page.getByLabel('Gunakan button').check();
    await page.getByLabel('Judul button 1').fill('Kunjungi');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Judul button : "Kunjungi" belum mempunyai URL.').count()).toBe(1);
    await page.getByLabel('URL button 1').fill('https://toko.test');
    await page.getByLabel('Tipe button 1').selectOption('url_button');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL('**/message');
    await expect.poll(() => page.getByRole('link', { name: 'Kunjungi' }).count()).toBe(1);
    expect(await page.locator('tbody strong').first().textContent()).toBe('{name}');
    const thumbnail = page.locator('tbody img').first();
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(1);
  });
});

describe('proxies', () => {
  it('imports proxies from a file and lists them with their status', async () => {
    await page.goto('/proxy/create');
    await page
      .getByLabel('File')
      .setInputFiles(file('proxies.csv', 'value\n1.1.1.1:8080\nsocks5://u:p@proxy.test:1080\nrusak\n1.1.1.1:8080\n'));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByText('2 proxy berhasil didaftarkan.').count()).toBe(1);
    expect(await page.getByText('2 proxy dilewati').count()).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('proxies_skipped.csv');
    expect((await downloadedText(saved)).split('\r\n')).toEqual([
      'value,reason',
      'rusak,"Proxy harus berformat host:port, user:pass@host:port, atau URL http://, https://, socks5://."',
      '1.1.1.1:8080,Proxy ganda di dalam file.',
      '',
    ]);
    await page.goto('/proxy');
    await expect.poll(() => page.getByText('socks5://u:p@proxy.test:1080').count()).toBe(1);
    expect(await page.getByText('active', { exact: true }).count()).toBe(2);
    await page.getByLabel('Cari proxy').fill('socks5');
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 5000 }).toBe(1);
    await page.getByRole('button', { name: 'Sinkronkan' }).click();
    await expect.poll(() => page.getByText('Menyinkronkan data...').count()).toBe(1);
    await expect.poll(() => page.getByText('Menyinkronkan data...').count()).toBe(0);
  });
});

describe('levels and settings', () => {
  it('creates a level and says so', async () => {
    await page.goto('/level');
    await page.getByRole('link', { name: 'Tambah Level' }).click();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Nama level wajib diisi.').count()).toBe(1);
    await page.getByLabel('Nama Level').fill('Platinum');
    await page.getByLabel('Harga per Blast (Rp)').fill('250');
    await page.getByLabel('Minimal Blast').fill('5000');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Level berhasil disimpan.').count()).toBe(1);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/level');
    await expect.poll(() => page.getByText('Platinum').count()).toBe(1);
  });

  it('saves the settings form and refuses a bad colour', async () => {
    await page.goto('/settings');
    await expect.poll(() => page.getByLabel('Daftar Bank').inputValue()).toBe('BCA, MANDIRI, BRI');
    await page.getByLabel('Warna Level').fill('merah');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Warna harus berformat hex, contoh #2C2C2C.').count()).toBe(1);
    await page.getByLabel('Warna Level').fill('#111111,#222222');
    await page.getByLabel('Info (pengumuman)').fill('Promo akhir tahun!');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => page.getByText('Pengaturan berhasil disimpan.').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByLabel('Warna Level').inputValue()).toBe('#111111, #222222');
    expect(await page.getByLabel('Info (pengumuman)').inputValue()).toBe('Promo akhir tahun!');
  });
});

describe('a member', () => {
  it('cannot open any of these screens', async () => {
    const member = await createUser(server, 'member');
    const visitor = await open();
    await signInThroughForm(visitor.page, member);
    await visitor.page.waitForURL('**/dashboard');
    for (const path of ['/phonenumber', '/proxy/create', '/message', '/level/create', '/settings']) {
      await visitor.page.goto(path);
      await visitor.page.waitForURL('**/not-authorized');
    }
    await visitor.context.close();
    await context.close();
  });
});
