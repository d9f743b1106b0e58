/**
 * Changed sending hours take hold at once (issue 23 item 2): a blast the hours hold back sends as soon as an
 * admin opens the service's hours or the owner widens their own, not at the engine's next look minutes later;
 * so does a number check waiting for its budget (item 5) when an admin raises `lookups_per_hour`.
 * Engine seconds are real seconds here, so that the next look (SAFETY_RECHECK_S, BUDGET_RECHECK_S) is five
 * real minutes away.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generators,
  messageTemplates,
  numberChecks,
  phoneNumbers,
  settings,
  whatsappAccounts,
} from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { linkAccount } from './job-helpers.ts';

let t: TestApp;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;

/** `HH:MM` in Jakarta (UTC+7) `hours` from now, on the hour. */
function jakartaHour(hours: number): string {
  const hour = (new Date().getUTCHours() + 7 + hours + 24) % 24;
  return `${String(hour).padStart(2, '0')}:00`;
}

beforeAll(async () => {
  t = await buildTestApp({
    accountSafety: true,
    secondMs: 1000,
    simulator: { rates: { transient: 0, disconnect: 0, ban: 0, rejected: 0 } },
  });
  dev = await t.loginAs('dev');
  admin = await t.loginAs('admin');
  await t.db.insert(messageTemplates).values({ text: '<p>Halo {name}</p>', text_wa: 'Halo {name}' });
  await t.db
    .insert(phoneNumbers)
    .values(Array.from({ length: 4 }, (_, i) => ({ number: `62856000000${i}`, name: `Penerima ${i}` })));
});
afterAll(() => t.close());

const sent = async (id: number) =>
  (await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]?.count_success ?? 0;

/** A linked account of a new member, its blast started and held back for the sending hours. */
async function heldBlast(terms: { member_window_start?: string; member_window_end?: string } = {}) {
  const member = await t.loginAs('member');
  const account = await linkAccount(t, member, dev);
  if (terms.member_window_start) {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp/terms',
      headers: member.headers,
      payload: { id: account.id, ...terms },
    });
    expect(set.statusCode).toBe(200);
  }
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/admin/whatsapp/start-blasting',
    headers: member.headers,
    payload: { whatsappClientId: account.clientid, loop: false },
  });
  expect(started.statusCode).toBe(200);
  const reason = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/whatsapp/${account.id}`, headers: member.headers })).json()
      .whatsapp.wait_reason;
  await expect.poll(reason).toBe('window');
  // The loop has announced its wait and sleeps toward its next look.
  await expect
    .poll(() => t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, account.id)))
    .toEqual([expect.objectContaining({ status: 'sending', blast_number_id: null })]);
  expect(await sent(account.id)).toBe(0);
  return { member, account };
}

/** Saves the settings as the admin's form does, with `changes`. */
async function saveSettings(changes: Record<string, unknown>) {
  const current = (await t.app.inject({ method: 'GET', url: '/api/admin/setting/get', headers: admin.headers })).json()
    .setting;
  const { id: _id, time_zone: _zone, ...values } = current;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/setting/update',
    headers: admin.headers,
    payload: { ...values, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('a blast held back for the sending hours', () => {
  it("sends as soon as an admin opens the service's hours", async () => {
    await t.db.update(settings).set({ send_window_start: jakartaHour(2), send_window_end: jakartaHour(3) });
    const { account } = await heldBlast();
    await saveSettings({ send_window_start: '00:00', send_window_end: '00:00' });
    await expect.poll(() => sent(account.id), { timeout: 30_000 }).toBeGreaterThan(0);
  }, 60_000);

  it('sends as soon as its owner widens their own hours', async () => {
    await t.db.update(settings).set({ send_window_start: '00:00', send_window_end: '00:00' });
    const { member, account } = await heldBlast({
      member_window_start: jakartaHour(2),
      member_window_end: jakartaHour(3),
    });
    const widened = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/whatsapp/terms',
      headers: member.headers,
      payload: { id: account.id, member_window_start: '', member_window_end: '' },
    });
    expect(widened.statusCode).toBe(200);
    await expect.poll(() => sent(account.id), { timeout: 30_000 }).toBeGreaterThan(0);
  }, 60_000);
});

describe('a number check waiting for its budget', () => {
  it('checks again as soon as an admin raises the budget', async () => {
    await t.db.update(settings).set({ lookups_per_hour: 1 });
    const staff = await t.loginAs('staff');
    const account = await linkAccount(t, staff, dev);
    // Warmed up long ago and sending lately, so that it may check; its hour's one check already made.
    await t.db
      .update(whatsappAccounts)
      .set({ warmup_started_on: '2026-01-01', last_sent_at: new Date() })
      .where(eq(whatsappAccounts.id, account.id));
    await t.db.insert(numberChecks).values({ whatsapp_id: account.id, checked_at: new Date() });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/generator/create',
      headers: staff.headers,
      payload: {
        whatsapp_id: account.id,
        start_number: '628130000000',
        end_number: '628130000004',
        interval_min: 1,
        interval_max: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().generator as { id: number };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/generator/start',
      headers: staff.headers,
      payload: { id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = async () => (await t.db.select().from(generators).where(eq(generators.id, id)))[0];
    await expect.poll(async () => (await job())?.state).toBe('quota');
    expect(await job()).toMatchObject({ count_success: 0, count_fail: 0 });

    await saveSettings({ lookups_per_hour: 10 });
    await expect
      .poll(
        async () => {
          const row = await job();
          return (row?.count_success ?? 0) + (row?.count_fail ?? 0);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
  }, 60_000);
});
