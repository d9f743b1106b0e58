/**
 * The member's money in the browser: a member who blasted, whose referee blasted, who got a bonus and took
 * money out sees on /withdraw lines that add up to the Saldo, and on the dashboard the income per day of the
 * last 30 days beside the cards (recharts drawn only then, in its own chunk); at 1366 and 375 px, light and
 * dark, axe clean.
 */
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import { WITHDRAW_SUMMARY_TEXT } from '@sewablast/contract/withdraw-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { blastUntil, callApi, createUser, linkAccount, login, type Person, setBlastFee } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const FEE = 3_000;
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };
const SHOTS = process.env.SHOTS_DIR;

// The demo seed brings the numbers and the message templates a blast sends.
const { server, signedIn } = useSuite({ SIM_SCAN_MS: '600000', SEED_DEMO: '1' });
let devToken: string;
let member: Person;
let memberToken: string;

/** Links a simulated account for `owner`, blasts until `successes` are counted, and stops with the counts at rest. */
async function blast(owner: Person, successes: number) {
  const token = await login(server, owner);
  await callApi(server, `/admin/users/${owner.id}`, {
    method: 'PUT',
    body: { blast_interval_min: 1, blast_interval_max: 1 },
    token: devToken,
  });
  const deviceId = `money-${owner.id}-${Date.now().toString(36)}`;
  await linkAccount(server, devToken, token, owner.id, deviceId);
  await blastUntil(server, token, deviceId, (counts) => counts.count_success >= successes);
}

beforeAll(async () => {
  devToken = await login(server, DEV);
  await setBlastFee(server, devToken, FEE, { referral_percent: 10 });
  member = await createUser(server, 'member');
  memberToken = await login(server, member);
  await callApi(server, `/admin/users/${member.id}`, { method: 'PUT', body: BANK, token: devToken });
  const { user } = await callApi<{ user: { referral_code: string } }>(server, '/auth/login', { body: member });
  const referee = {
    email: `rujukan.${Date.now()}@e2e.test`,
    password: 'rahasia123',
    firstname: 'Rujukan',
    lastname: 'Uang',
  };
  await callApi(server, '/auth/register', {
    body: {
      firstName: referee.firstname,
      lastName: referee.lastname,
      email: referee.email,
      password: referee.password,
      password2: referee.password,
      agreeToTerms: true,
      affiliateCode: user.referral_code,
    },
  });
  const { user: refereeUser } = await callApi<{ user: { id: number } }>(server, '/auth/login', { body: referee });
  await Promise.all([blast(member, 3), blast({ ...referee, id: refereeUser.id }, 2)]);

  const admin = await createUser(server, 'admin');
  const adminToken = await login(server, admin);
  await callApi(server, '/admin/bonus/create', {
    body: { userId: member.id, nominal: 15_000, reason: 'Uji saldo' },
    token: adminToken,
  });
  const request = async (nominal: number) =>
    (
      await callApi<{ data: { id: number } }>(server, '/admin/withdraw/request', {
        body: { nominal },
        token: memberToken,
      })
    ).data.id;
  const paid = await request(10_000);
  await callApi(server, '/admin/withdraw/update', {
    method: 'PUT',
    body: { id: paid, status: 'accepted' },
    token: devToken,
  });
  await request(10_000);
}, 180_000);

const signedInAt = (viewport: { width: number; height: number }, theme: 'light' | 'dark') =>
  signedIn(member, { viewport, theme, axe: true });

/** Digits of a rupiah text ('− Rp 10.000' → 10000). */
const rupiahValue = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

const VIEWS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;

describe("the member's money", () => {
  for (const viewport of VIEWS) {
    for (const theme of ['light', 'dark'] as const) {
      it(`/withdraw: the lines add up to the Saldo (${viewport.width} px, ${theme})`, async () => {
        const summary = await callApi<Record<string, number>>(server, `/admin/withdraw/summary/${member.id}`, {
          token: memberToken,
        });
        const { context, page } = await signedInAt(viewport, theme);
        await page.goto('/withdraw');
        const balance = page.getByTestId('withdraw-balance');
        await expect.poll(() => balance.textContent()).toMatch(/^Rp\s[\d.]+$/);
        const line = async (key: string) => rupiahValue(await page.getByTestId(`summary-${key}`).textContent());
        expect(await line('blastIncome')).toBe(summary.blastIncome);
        expect(summary.blastIncome).toBeGreaterThanOrEqual(3 * FEE);
        expect(await line('referral')).toBe(summary.referral);
        expect(await line('bonus')).toBe(15_000);
        expect(await line('requested')).toBe(10_000);
        expect(await line('accepted')).toBe(10_000);
        const shown =
          (await line('blastIncome')) +
          (await line('referral')) +
          (await line('bonus')) -
          (await line('requested')) -
          (await line('accepted'));
        expect(rupiahValue(await balance.textContent())).toBe(shown);
        for (const label of Object.values(WITHDRAW_SUMMARY_TEXT)) {
          expect(await page.getByText(label, { exact: true }).count(), label).toBeGreaterThanOrEqual(1);
        }
        expect(await page.getByTestId('summary-accepted').textContent()).toMatch(/^−\sRp/);
        expect(await axeFindings(page)).toEqual([]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/withdraw-member-${theme}-${viewport.width}.png`, fullPage: true });
        await context.close();
      });

      it(`the dashboard draws the income per day beside the cards (${viewport.width} px, ${theme})`, async () => {
        const { context, page } = await signedInAt(viewport, theme);
        await page.goto('/dashboard');
        const chart = page.getByTestId('chart-income');
        await chart.getByRole('heading', { name: DASHBOARD_TEXT.incomeChart(30) }).waitFor();
        // Drawn once recharts has loaded: bars for the days with income.
        await chart.locator('.recharts-bar-rectangle').first().waitFor();
        // The figures as a table for screen readers: today has this member's income.
        const rows = chart.locator('table tbody tr');
        expect(await rows.count()).toBe(30);
        expect(rupiahValue(await rows.last().locator('td').first().textContent())).toBeGreaterThanOrEqual(3 * FEE);
        // The page does not scroll sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await axeFindings(page)).toEqual([]);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/dashboard-member-${theme}-${viewport.width}.png`, fullPage: true });
        await context.close();
      });
    }
  }
});
