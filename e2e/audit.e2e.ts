/**
 * The audit log and the finance export in the browser (issue 11 item 8): an admin accepts a withdrawal and
 * changes a level's fee, finds both on 'Log Audit' (filtered by action through the address), and saves the
 * month's accepted withdrawals as CSV, whose cells are neutralised.
 */
import { readFile } from 'node:fs/promises';
import { AUDIT_TEXT } from '@sewablast/contract/audit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createUser,
  launchBrowser,
  newPage,
  type Person,
  type Server,
  signInThroughForm,
  startServer,
} from './harness.ts';

const BANK = { account_bank: 'BCA', account_number: '9876543210', account_name: '=HYPERLINK("http://x")' };

let server: Server;
let browser: Browser;
let admin: Person;
let member: Person;
let levelId: number;
let page: Page;

const login = async (person: Person) =>
  (await callApi<{ token: string }>(server, '/auth/login', { body: person })).token;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await createUser(server, 'admin');
  member = await createUser(server, 'member');
  const adminToken = await login(admin);
  const memberToken = await login(member);
  await callApi(server, `/admin/users/${member.id}`, {
    method: 'PUT',
    body: { ...BANK, current_password: member.password },
    token: memberToken,
  });
  await callApi(server, '/admin/bonus/create', {
    body: { userId: member.id, nominal: 30_000, reason: 'Audit' },
    token: adminToken,
  });
  await callApi(server, '/admin/withdraw/request', { body: { nominal: 15_000 }, token: memberToken });
  const created = await callApi<{ level: { id: number } }>(server, '/admin/level/create', {
    body: { name: 'Audit Gold', blast_fee: 100, requirement_blast: 0 },
    token: adminToken,
  });
  levelId = created.level.id;
  ({ page } = await newPage(browser, server, { width: 1366, height: 800 }));
  await signInThroughForm(page, admin);
  await page.waitForURL((url) => url.pathname !== '/signin');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('audit log', () => {
  it('shows an accepted withdrawal and a level fee change, newest first, with the admin as actor', async () => {
    await page.goto('/withdraw/requested?page=1');
    await page.getByRole('button', { name: /^Terima Uji/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Terima' }).click();
    await page.getByText('Permintaan withdraw Diterima').waitFor();

    await page.goto(`/level/edit?id=${levelId}`);
    await page.getByLabel('Harga per Blast (Rp)').fill('250');
    await page.getByRole('button', { name: 'Simpan' }).click();
    // The saved level's dialog; its OK goes back one page (docs/decisions.md, Dashboard).
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname !== '/level/edit');

    await page.goto('/audit');
    await page.getByRole('heading', { name: AUDIT_TEXT.title }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const newest = rows.first();
    await expect.poll(() => newest.textContent()).toContain('Level diubah');
    expect(await newest.textContent()).toContain(`${admin.firstname} ${admin.lastname}`);
    expect(await newest.textContent()).toMatch(/Harga per blast: 100\s*→\s*menjadi\s*250/);
    expect(await rows.nth(1).textContent()).toContain('Withdraw diterima');

    await page.getByLabel(AUDIT_TEXT.filterAction).selectOption('withdraw.accepted');
    await page.waitForURL((url) => url.searchParams.get('action') === 'withdraw.accepted');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/Status: requested\s*→\s*menjadi\s*accepted/);
  });

  it('exports the accepted withdrawals of this month as CSV with formula cells neutralised', async () => {
    await page.goto('/withdraw/requested?page=1');
    await page.getByRole('button', { name: AUDIT_TEXT.exportButton }).click();
    const dialog = page.getByRole('dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: AUDIT_TEXT.exportButton }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^withdraw-accepted-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await file.path()) as string, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('member,bank,account_number,account_name,amount,decided_at,status,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${member.firstname} ${member.lastname},BCA,9876543210,"'=HYPERLINK\\(""http://x""\\)",15000,\\d{4}-`,
      ),
    );
    await page.getByText(AUDIT_TEXT.exportDone).waitFor();
  });
});
