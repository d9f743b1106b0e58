/**
 * Level names are unique whatever their case: the level form shows the server's refusal under 'Nama Level',
 * on create and on edit, and nothing is saved.
 */
import { LEVEL_NAME_TAKEN } from '@sewablast/contract/level';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, login, type Person } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { signInThroughForm } from './harness.ts';

const { server, open } = useSuite();
let admin: Person;
let token: string;
beforeAll(async () => {
  admin = await createUser(server, 'admin');
  token = await login(server, admin);
  await callApi(server, '/admin/level/create', {
    body: { name: 'Platinum', blast_fee: 500, requirement_blast: 5000 },
    token,
  });
});

async function expectNameRefused(page: Page) {
  const name = page.getByLabel('Nama Level');
  const error = page.getByRole('alert').filter({ hasText: LEVEL_NAME_TAKEN });
  await error.waitFor();
  expect(await name.getAttribute('aria-invalid')).toBe('true');
  expect(await name.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
  // Said once, under the field, not again above the form.
  expect(await page.getByText(LEVEL_NAME_TAKEN).count()).toBe(1);
  expect(await axeFindings(page, 'all')).toEqual([]);
}

const names = async () =>
  (await callApi<{ data: { name: string }[] }>(server, '/admin/level/list-per-page?limit=100', { token })).data.map(
    (level) => level.name,
  );

describe('the level form', () => {
  it('refuses a second Platinum, in another case, on create and on edit at 1366 px', async () => {
    const { context, page } = await open({ viewport: { width: 1366, height: 800 }, axe: true });
    await signInThroughForm(page, admin);
    await page.waitForURL((url) => url.pathname !== '/signin');

    await page.goto('/level/create');
    await page.getByLabel('Nama Level').fill('platinum');
    await page.getByLabel('Harga per Blast (Rp)').fill('900');
    await page.getByLabel('Minimal Blast').fill('9000');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expectNameRefused(page);
    expect(await names()).toEqual(['Platinum']);

    const { level } = await callApi<{ level: { id: number } }>(server, '/admin/level/create', {
      body: { name: 'Titanium', blast_fee: 700, requirement_blast: 7000 },
      token,
    });
    await page.goto(`/level/edit?id=${level.id}`);
    await expect.poll(() => page.getByLabel('Nama Level').inputValue()).toBe('Titanium');
    await page.getByLabel('Nama Level').fill('PLATINUM');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expectNameRefused(page);
    expect((await names()).sort()).toEqual(['Platinum', 'Titanium']);
    await context.close();
  });
});
