/**
 * The forms as a hurried user meets them: a double click saves once, a form opened straight from a bookmark
 * goes back to its list, an error is brought into view below the sticky header, a refused referral code is
 * forgotten, and the Add WhatsApp screen fits a phone.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person } from './api.ts';
import { useSuite } from './fixture.ts';

const { server, open, signedIn, signedInShared } = useSuite();
let admin: Person;
let token: string;

beforeAll(async () => {
  admin = await createUser(server, 'admin');
  token = await login(server, admin);
});

/** Counts the POSTs the page sends to a path. */
function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api${path}`) count += 1;
  });
  return () => count;
}

describe('a double click', () => {
  it('on the template Simpan creates one template', async () => {
    const { context, page } = await signedInShared(admin);
    const posts = countPosts(page, '/admin/message/create');
    await page.goto('/message');
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.getByRole('textbox', { name: 'Caption' }).click();
    await page.keyboard.type('Sekali saja');
    await page.getByRole('button', { name: 'Simpan' }).dblclick();
    await page.waitForURL('**/message');
    await expect.poll(() => page.getByText('Sekali saja').count()).toBe(1);
    const { list } = await callApi<{ list: { text: string }[] }>(server, '/admin/message/list', { token });
    expect(list.filter((message) => message.text.includes('Sekali saja'))).toHaveLength(1);
    expect(posts()).toBe(1);
    await context.close();
  });

  it('on Upload imports the file once and counts every number it registered', async () => {
    const { context, page } = await signedInShared(admin);
    const posts = countPosts(page, '/admin/phonenumber/import');
    const path = join(tmpdir(), `${Date.now()}-three.csv`);
    writeFileSync(path, 'number,name\n6285711100001,Satu\n6285711100002,Dua\n6285711100003,Tiga\n');
    await page.goto('/phonenumber/create');
    await page.getByLabel('File').setInputFiles(path);
    await page.getByRole('button', { name: 'Upload' }).dblclick();
    const result = page.getByTestId('import-result');
    await expect.poll(() => result.getByText('3 nomor berhasil didaftarkan.').count()).toBe(1);
    expect(posts()).toBe(1);
    await context.close();
  });
});

describe('a form opened straight from a bookmark in a new tab', () => {
  it('goes to its list after a save, and after Batal', async () => {
    const { context } = await signedInShared(admin);
    let page = await context.newPage();
    await page.goto('/phonenumber/create');
    await page.getByLabel('Phone Number').fill('6285722200001');
    await page.getByLabel('Name').fill('Bookmark');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/phonenumber');
    await expect.poll(() => page.getByText('Bookmark').count()).toBe(1);

    page = await context.newPage();
    await page.goto('/message/create');
    await page.getByRole('button', { name: 'Batal' }).click();
    await page.waitForURL((url) => url.pathname === '/message');
    await context.close();
  });

  it('still goes back one page when there is one', async () => {
    const { context, page } = await signedInShared(admin);
    await page.goto('/proxy?page=1');
    await page.getByRole('link', { name: 'Tambah' }).click();
    await page.waitForURL('**/proxy/create');
    await page.getByLabel('Proxy', { exact: true }).fill('10.0.0.7:3128');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL((url) => url.pathname === '/proxy' && url.search === '?page=1');
    await context.close();
  });
});

/** The element's box lies fully in the viewport, below the 64 px sticky header. */
async function inViewBelowHeader(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 64 && box.bottom <= window.innerHeight;
  });
}

describe('the template form', () => {
  for (const viewport of [
    { width: 1366, height: 700 },
    { width: 375, height: 740 },
  ]) {
    it(`brings its error into view below the sticky header at ${viewport.width} px`, async () => {
      const { context, page } = await signedInShared(admin, { viewport });
      await page.goto('/message/create');
      await page.getByLabel('Gunakan button').check();
      await page.getByLabel('Judul button 1').fill('Balas');
      expect(await page.getByLabel('URL button 1').getAttribute('placeholder')).toBe('URL');
      await page.getByRole('textbox', { name: 'Caption' }).click();
      await page.keyboard.type('Halo');
      await page.getByRole('button', { name: 'Simpan' }).click();
      const error = 'Judul button : "Balas" belum mempunyai URL.';
      await expect.poll(() => page.getByText(error).count()).toBe(1);
      await expect.poll(() => inViewBelowHeader(page, '#template-buttons-error')).toBe(true);

      // A caption left empty: the editor is focused with its label in sight.
      await page.getByLabel('Gunakan button').uncheck();
      await page.getByRole('textbox', { name: 'Caption' }).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('button', { name: 'Simpan' }).click();
      await expect.poll(() => page.getByText('Caption atau media wajib diisi.').count()).toBe(1);
      await expect.poll(() => inViewBelowHeader(page, '#template-caption-error')).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Caption');
      await context.close();
    });
  }
});

describe('sign-up', () => {
  it('forgets a referral code it refused', async () => {
    const { context, page } = await open();
    await page.goto('/signin?referral=TIDAKADA9');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('referral_code'))).toBe('TIDAKADA9');
    await page.goto('/signup');
    expect(await page.getByLabel('Kode Referal').inputValue()).toBe('TIDAKADA9');
    await page.getByLabel('First Name').fill('Rudi');
    await page.getByLabel('Last Name').fill('Ditolak');
    await page.getByLabel('Email').fill(`rudi.${Date.now()}@e2e.test`);
    await page.getByLabel('Password', { exact: true }).fill('rahasia123');
    await page.getByLabel('Confirm Password').fill('rahasia123');
    await page.getByLabel(/Saya menyetujui/).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Kode referal tidak ditemukan.').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('referral_code'))).toBeNull();
    await page.reload();
    expect(await page.getByLabel('Kode Referal').inputValue()).toBe('');
    await context.close();
  });
});

describe('Tambah Akun Whatsapp on a phone', () => {
  it('keeps each login choice on one line and says the number rule once', async () => {
    const member = await createUser(server, 'member');
    const { context, page } = await signedIn(member, { viewport: { width: 375, height: 740 } });
    await page.goto('/whatsapp/create');
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    for (const height of await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().height))) {
      expect(height).toBeLessThanOrEqual(40);
    }
    await page.getByRole('tab', { name: 'Login dengan Nomor' }).click();
    expect(await page.getByText('Nomor harus diawali 62.').count()).toBe(1);
    await page.getByLabel('Nomor WhatsApp').fill('0812345');
    await page.getByRole('button', { name: 'Generate Pairing Code' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Nomor harus diawali 62.' }).count()).toBe(1);
    expect(await page.getByText('Nomor harus diawali 62.').count()).toBe(1);
    await context.close();
  });
});
