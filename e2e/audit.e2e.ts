/**
 * The audit log and the finance export in the browser: an admin accepts a withdrawal and changes a level's
 * fee, finds both on 'Log Audit' (filtered by action through the address, statuses in Indonesian), is told
 * under 'Sampai tanggal' when it comes before 'Dari tanggal' (at 1366 and 375 px, light and dark, axe clean)
 * and saves the month's accepted withdrawals as CSV, whose cells are neutralised.
 */
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import { EXPORT_TEXT } from '@sewablast/contract/withdraw-text';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person } from './api.ts';
import { axeFindings, downloadedText, useSuite } from './fixture.ts';

const BANK = { account_bank: 'BCA', account_number: '9876543210', account_name: '=HYPERLINK("http://x")' };

const { server, signedInShared } = useSuite();
let admin: Person;
let member: Person;
let levelId: number;
let page: Page;

beforeAll(async () => {
  admin = await createUser(server, 'admin');
  member = await createUser(server, 'member');
  const adminToken = await login(server, admin);
  const memberToken = await login(server, member);
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
  ({ page } = await signedInShared(admin, { viewport: { width: 1366, height: 800 } }));
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
    // In the words every other screen uses for a withdrawal's status.
    expect(await rows.first().textContent()).toMatch(/Status: Diminta\s*→\s*menjadi\s*Diterima/);
  });

  it('exports the accepted withdrawals of this month as CSV with formula cells neutralised', async () => {
    await page.goto('/withdraw/requested?page=1');
    await page.getByRole('button', { name: EXPORT_TEXT.button }).click();
    const dialog = page.getByRole('dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: EXPORT_TEXT.button }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^withdraw-accepted-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloadedText(file);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('member,bank,account_number,account_name,amount,decided_at,status,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${member.firstname} ${member.lastname},BCA,9876543210,"'=HYPERLINK\\(""http://x""\\)",15000,\\d{4}-`,
      ),
    );
    await page.getByText(EXPORT_TEXT.done).waitFor();
  });

  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 375, height: 812 },
  ]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`names an end date before the start under 'Sampai tanggal' and sends no such period (${viewport.width} px, ${theme})`, async () => {
        const opened = await signedInShared(admin, { viewport, axe: true, theme });
        const asked: string[] = [];
        opened.page.on('request', (request) => {
          if (request.url().includes('/audit/list-per-page')) asked.push(request.url());
        });
        const view = opened.page;
        await view.goto('/audit');
        await view.getByRole('heading', { name: AUDIT_TEXT.title }).waitFor();
        const to = view.getByLabel(AUDIT_TEXT.to);
        const from = view.getByLabel(AUDIT_TEXT.from);
        await to.fill('2026-01-05');
        await view.waitForURL((url) => url.searchParams.get('to') === '2026-01-05');
        // Each field bounds the other, so the picker offers no end before the start.
        await expect.poll(() => from.getAttribute('max')).toBe('2026-01-05');
        await from.fill('2026-01-20');
        await view.waitForURL((url) => url.searchParams.get('from') === '2026-01-20');
        await expect.poll(() => to.getAttribute('min')).toBe('2026-01-20');
        const error = view.locator('#audit-to-error');
        await expect.poll(() => error.textContent()).toBe(AUDIT_TEXT.badRange);
        expect(await to.getAttribute('aria-invalid')).toBe('true');
        expect(await to.getAttribute('aria-describedby')).toBe('audit-to-error');
        // The list says the same instead of 'Kosong', and the inverted period never reached the server.
        expect(await view.getByText(AUDIT_TEXT.badRange).count()).toBe(2);
        expect(await view.getByText('Kosong', { exact: true }).count()).toBe(0);
        expect(asked.some((url) => url.includes('from=2026-01-20'))).toBe(false);
        expect(await axeFindings(view)).toEqual([]);
        if (process.env.SHOTS_DIR) {
          await view.screenshot({
            path: `${process.env.SHOTS_DIR}/audit-range-${theme}-${viewport.width}.png`,
            fullPage: true,
          });
        }
        // Putting the end after the start again reads the period.
        await to.fill('2026-01-31');
        await expect.poll(() => asked.some((url) => url.includes('from=2026-01-20&to=2026-01-31'))).toBe(true);
        expect(await error.count()).toBe(0);
        await opened.context.close();
      });
    }
  }
});
