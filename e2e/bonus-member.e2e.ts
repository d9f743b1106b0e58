/**
 * An admin runs a member from 'Daftar Member': finds them by name, gives them a bonus through 'Beri Bonus'
 * (a double click sends one), sets their blast intervals, and reads their WhatsApp accounts; the member sees
 * the bonus on 'Daftar Bonus' with its total and in the balance on /withdraw.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi, createUser, login, type Person, registerUser, simulate } from './api.ts';
import { useSuite } from './fixture.ts';
import { DEV, signInThroughForm } from './harness.ts';

const { server, open, signedInShared } = useSuite();
let admin: Person;
let member: Person;
let adminToken: string;
let phone: string;

beforeAll(async () => {
  admin = await createUser(server, 'admin');
  member = await registerUser(server, 'Bonita');
  adminToken = await login(server, admin);
  const memberToken = await login(server, member);
  const deviceId = `bonus-${Date.now().toString(36)}`;
  await callApi(server, '/admin/whatsapp/new-client', { body: { deviceId, userId: member.id }, token: memberToken });
  const dev = await callApi<{ token: string }>(server, '/auth/login', { body: DEV });
  await simulate(server, dev.token, deviceId, 'scan');
  // The scan gives the account its number a moment later.
  phone = await vi.waitFor(
    async () => {
      const { list } = await callApi<{ list: { phonenumber: string | null }[] }>(
        server,
        `/admin/whatsapp/list/${member.id}`,
        { token: adminToken },
      );
      const number = list[0]?.phonenumber;
      if (!number) throw new Error('not linked yet');
      return number;
    },
    { timeout: 15_000, interval: 200 },
  );
});

const fullName = () => `${member.firstname} ${member.lastname}`;

describe('an admin gives a bonus and the member sees it', () => {
  it("finds the member on 'Daftar Member' and sends 25000 once, however often Kirim is clicked", async () => {
    const { context, page } = await signedInShared(admin);
    await page.goto('/member');
    await page.getByLabel('Cari Member').fill(fullName().toLowerCase().slice(0, -1));
    await page.waitForURL(/[?&]s=/);
    const row = page.getByRole('row', { name: new RegExp(member.email) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('link', { name: `1 akun Whatsapp ${fullName()}` }).count()).toBe(1);
    expect(await page.getByRole('row').count()).toBe(2);

    await row.getByRole('link', { name: `Beri Bonus ${fullName()}` }).click();
    await page.waitForURL(`**/bonus/create?id=${member.id}`);
    await expect.poll(() => page.getByText(`Dipilih: ${fullName()}`).count()).toBe(1);
    await page.getByLabel('Nominal').fill('25000');
    await page.getByLabel('Alasan').fill('Member teladan bulan ini');
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/bonus/create')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Kirim' }).dblclick();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Berhasil', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText('Bonus berhasil dikirim.').count()).toBe(1);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/member?**');

    const sent = await callApi<{ data: { nominal: number; reason: string; adminId: number }[] }>(
      server,
      `/admin/bonus/list-per-page?user_id=${member.id}`,
      { token: adminToken },
    );
    expect(sent.data).toEqual([expect.objectContaining({ nominal: 25_000, reason: 'Member teladan bulan ini' })]);
    expect(sent.data[0]?.adminId).toBe(admin.id);
    // The create carried one Idempotency-Key: a retry of it would give the bonus once.
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await context.close();
  });

  it("shows the member 'Bonus : Rp 25.000' on 'Daftar Bonus' and the balance on /withdraw", async () => {
    const { context, page } = await open();
    await signInThroughForm(page, member);
    await page.waitForURL('**/dashboard');
    await page.goto('/bonus');
    await expect.poll(() => page.getByText(/^Bonus : Rp\s25\.000$/).count()).toBe(1);
    // The total and the list are two reads: either may land first.
    await expect.poll(() => page.getByRole('cell', { name: 'Member teladan bulan ini' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Kirim Bonus' }).count()).toBe(0);
    await page.goto('/withdraw');
    await expect.poll(() => page.getByTestId('withdraw-balance').textContent()).toMatch(/^Rp\s25\.000$/);
    await context.close();
  });

  it("lets the admin take the bonus back from 'Daftar Bonus', asked first", async () => {
    const { context, page } = await signedInShared(admin);
    await page.goto('/bonus');
    const remove = page.getByRole('button', { name: /^Hapus bonus Rp\s25\.000 / });
    await remove.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
    await expect.poll(() => remove.count()).toBe(0);
    await expect.poll(() => page.getByRole('cell', { name: 'Member teladan bulan ini' }).count()).toBe(0);
    await context.close();
  });
});

describe("an admin runs the member's settings and accounts", () => {
  it('saves the blast intervals, refuses them out of order, and shows them again', async () => {
    const { context, page } = await signedInShared(admin);
    await page.goto(`/member?s=${encodeURIComponent(member.email)}`);
    await page.getByRole('link', { name: `Pengaturan ${fullName()}` }).click();
    await page.waitForURL(`**/member/edit?id=${member.id}`);
    await expect.poll(() => page.getByText('Interval Whatsapp Blast').count()).toBe(1);

    await page.getByLabel('Interval Min (s)').fill('40');
    await page.getByLabel('Interval Max (s)').fill('20');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect
      .poll(() => page.getByText('Interval minimal harus lebih kecil dari interval maksimal').count())
      .toBe(1);

    await page.getByLabel('Interval Min (s)').fill('15');
    await page.getByLabel('Interval Max (s)').fill('45');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.waitForURL('**/member?**');

    await page.goto(`/member/edit?id=${member.id}`);
    await expect.poll(() => page.getByLabel('Interval Min (s)').inputValue()).toBe('15');
    expect(await page.getByLabel('Interval Max (s)').inputValue()).toBe('45');

    await page.goto('/member/edit?id=999999');
    await expect.poll(() => page.getByText('No User Found').count()).toBe(1);
    await context.close();
  });

  it("lists the member's WhatsApp account on /member/whatsapp", async () => {
    const { context, page } = await signedInShared(admin);
    await page.goto(`/member?s=${encodeURIComponent(member.email)}`);
    await page.getByRole('link', { name: `1 akun Whatsapp ${fullName()}` }).click();
    await page.waitForURL(`**/member/whatsapp?id=${member.id}`);
    await expect.poll(() => page.getByRole('heading', { name: `Akun Whatsapp ${fullName()}` }).count()).toBe(1);
    await expect.poll(() => page.getByRole('cell', { name: phone }).count()).toBe(1);
    await page.getByRole('link', { name: 'Kembali ke Daftar Member' }).click();
    await page.waitForURL('**/member');
    await context.close();
  });
});
