/**
 * 'Dashboard Admin' in the browser (issue 11 item 7, spec part 2 §2): after a member blasts through a
 * simulated account and a withdrawal is paid, an admin sees the greeting, every card with the service's
 * figure and both charts drawn, light and dark, at 1366 and 375 px; staff opening home land on their queue.
 */
import { DASHBOARD_TEXT } from '@sewablast/contract/dashboard-text';
import { beforeAll, describe, expect, it } from 'vitest';
import { blastUntil, callApi, createUser, linkAccount, login, type Person, setBlastFee } from './api.ts';
import { axeFindings, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

/** The fee per successful blast: one send covers the withdrawal the test pays. */
const FEE = 10_000;
const BANK = { account_bank: 'BCA', account_number: '1234567890', account_name: 'Budi Santoso' };

// The demo seed brings the numbers and the message templates a blast sends.
const { server, signedIn, signedInShared } = useSuite({ SIM_SCAN_MS: '600000', SEED_DEMO: '1' });
let devToken: string;
let member: Person;
let memberToken: string;
/** What the blast did, read from the account itself rather than from the counters under test. */
let sent: { success: number; fail: number };

const asDev = <T>(path: string) => callApi<T>(server, path, { token: devToken });

beforeAll(async () => {
  devToken = await login(server, DEV);
  await setBlastFee(server, devToken, FEE);
  member = await createUser(server, 'member');
  memberToken = await login(server, member);
  await callApi(server, `/admin/users/${member.id}`, {
    method: 'PUT',
    body: { ...BANK, blast_interval_min: 1, blast_interval_max: 1 },
    token: devToken,
  });

  const deviceId = `dash-${Date.now().toString(36)}`;
  await linkAccount(server, devToken, memberToken, member.id, deviceId);
  const settled = await blastUntil(server, memberToken, deviceId, (counts) => counts.count_success >= 2);
  sent = { success: settled.count_success, fail: settled.count_fail };

  const { data } = await callApi<{ data: { id: number } }>(server, '/admin/withdraw/request', {
    body: { nominal: FEE },
    token: memberToken,
  });
  await callApi(server, '/admin/withdraw/update', {
    method: 'PUT',
    body: { id: data.id, status: 'accepted' },
    token: devToken,
  });
}, 120_000);

/** Signed in at 1366 px in the light theme unless told otherwise, with axe loaded. */
const signedInAt = (person: Person, viewport = { width: 1366, height: 900 }, theme: 'light' | 'dark' = 'light') =>
  signedIn(person, { viewport, theme, axe: true });

const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
const number = new Intl.NumberFormat('id-ID');
const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Every figure the cards show, as the service answers it now: the blast and the payout are over. */
async function expectedFigures() {
  const [proxies, numbers, whatsapp, active, today, total, paidToday, paidAll] = await Promise.all([
    asDev<{ unUsed: number }>('/admin/proxy/count-use'),
    asDev<{ unBlasted: number }>('/admin/phonenumber/count-blast'),
    asDev<{ connectedCount: number; disconnectedCount: number }>('/admin/whatsapp/count'),
    asDev<{ count: number }>('/admin/users/active'),
    asDev<{ success: number; fail: number }>('/admin/messagelog/today-count'),
    asDev<{ success: number; fail: number }>('/admin/messagelog/total-count'),
    asDev<{ total: number }>('/admin/withdraw/total-today'),
    asDev<{ total: number }>('/admin/withdraw/total-all'),
  ]);
  return {
    unusedProxies: number.format(proxies.unUsed),
    unblastedNumbers: number.format(numbers.unBlasted),
    activeWhatsapp: number.format(whatsapp.connectedCount),
    inactiveWhatsapp: number.format(whatsapp.disconnectedCount),
    activeMembers: number.format(active.count),
    todaySuccess: number.format(today.success),
    todayFail: number.format(today.fail),
    totalSuccess: number.format(total.success),
    totalFail: number.format(total.fail),
    paidToday: spaced(rupiah.format(paidToday.total)),
    paidAll: spaced(rupiah.format(paidAll.total)),
  };
}

describe('Dashboard Admin', () => {
  it('greets the admin by first name and shows every card with the figure after a blast and a payout', async () => {
    const admin = await createUser(server, 'admin');
    const { context, page } = await signedInAt(admin);
    await page.goto('/');
    await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).waitFor();
    expect(await page.getByTestId('greeting').textContent()).toBe(DASHBOARD_TEXT.greeting(admin.firstname));

    const expected = await expectedFigures();
    // The blast and the payout, seen from outside the counters: the service had none before this file ran.
    expect(expected.todaySuccess).toBe(number.format(sent.success));
    expect(expected.todayFail).toBe(number.format(sent.fail));
    expect(expected.activeWhatsapp).toBe('1');
    expect(expected.paidToday).toBe(spaced(rupiah.format(FEE)));
    for (const [key, value] of Object.entries(expected)) {
      await expect
        .poll(async () => spaced(await page.getByTestId(`value-${key}`).textContent()), { message: key })
        .toBe(value);
    }
    await context.close();
  });

  it('draws both charts, with the figures in a table for screen readers, light and dark, at 1366 and 375 px', async () => {
    const admin = await createUser(server, 'admin');
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1366, 375]) {
        const { context, page } = await signedInShared(admin, { viewport: { width, height: 900 }, theme, axe: true });
        await page.goto('/');
        for (const id of ['blasts', 'paid']) {
          const chart = page.getByTestId(`chart-${id}`);
          await chart.locator('svg.recharts-surface').first().waitFor();
          await chart.locator('svg .recharts-bar-rectangle').first().waitFor();
        }
        const todayRow = page.getByTestId('chart-blasts').locator('tbody tr').last();
        expect(spaced(await todayRow.locator('td').first().textContent())).toBe(number.format(sent.success));
        expect(spaced(await page.getByTestId('chart-paid').locator('tbody tr td').last().textContent())).toBe(
          spaced(rupiah.format(FEE)),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeFindings(page), `${theme} ${width}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('sends staff opening home to the withdraw queue', async () => {
    const staff = await createUser(server, 'staff');
    const { context, page } = await signedInAt(staff);
    await page.waitForURL('**/withdraw/requested?page=1');
    await page.goto('/');
    await page.waitForURL('**/withdraw/requested?page=1');
    expect(await page.getByRole('heading', { name: DASHBOARD_TEXT.title }).count()).toBe(0);
    await context.close();
  });
});
