/**
 * Why an account was lost (modules/account-loss) on the real database, with seeded accounts, message logs and
 * events: the timeline's hourly sends and first contacts (numbers the account never messaged before, whoever
 * else did), its codes, variants, proxy changes and every event kind in order, unknown ones included; the
 * period's lost accounts paged beside the kept ones; and admins and devs alone reading any of it.
 */
import type { TAccountLossCompare, TAccountLossPage, TAccountTimeline } from '@sewablast/contract/account-loss';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEvents, messageLogs, whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestApp;
type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Caller;
let dev: Caller;
let member: Caller;
let other: Caller;
/** The moment account `lost` was suspended. */
const lostAt = new Date(Date.now() - 2 * HOUR);
const ago = (ms: number) => new Date(lostAt.getTime() - ms);
const ids = { lost: 0, banned: 0, kept: 0, quiet: 0 };
let proxyId = 0;
let templateId = 0;
const numbers: number[] = [];
let sendKey = 0;

async function account(clientid: string, userId: number) {
  const [row] = await t.db
    .insert(whatsappAccounts)
    .values({
      clientid,
      user_id: userId,
      phonenumber: `6281${clientid.length}${numbers.length}${sendKey}`,
      state: 'connected',
    })
    .returning();
  if (!row) throw new Error('no account');
  return row.id;
}

async function send(whatsappId: number, number: number, at: Date, { status = 'success', variant = '0:0' } = {}) {
  sendKey += 1;
  await t.db.insert(messageLogs).values({
    whatsapp_id: whatsappId,
    user_id: member.user.id,
    phone_number_id: numbers[number] ?? null,
    template_id: templateId,
    variant,
    status,
    send_key: `loss-${sendKey}`,
    sent_at: at,
  });
}

const event = (accountId: number, kind: string, at: Date, code: string | null = null, detail: object | null = null) =>
  t.db.insert(accountEvents).values({ account_id: accountId, kind, at, code, detail });

beforeAll(async () => {
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
  admin = await t.loginAs('admin');
  dev = await t.loginAs('dev');
  member = await t.loginAs('member', { firstname: 'Hilang' });
  other = await t.loginAs('member');
  for (let index = 0; index < 8; index++)
    numbers.push((await t.services.phoneNumbers.create({ number: `628120000${index}0`, name: `N${index}` })).id);
  proxyId = (await t.services.proxies.create('socks5://user:secret@10.9.8.7:1080')).id;
  templateId = (
    await t.services.messages.create({ text: '<p>Halo</p>', buttons: [], status: 'active', removeMedia: false })
  ).id;
  ids.lost = await account('loss-lost', member.user.id);
  ids.banned = await account('loss-banned', member.user.id);
  ids.kept = await account('loss-kept', member.user.id);
  ids.quiet = await account('loss-quiet', other.user.id);

  // Before the window: number 0 was messaged by this account, number 4 only by another one.
  await send(ids.lost, 0, ago(60 * HOUR));
  await send(ids.kept, 4, ago(70 * HOUR));
  // In the window: the first hour, then the last two (number 1 twice).
  await send(ids.lost, 3, ago(47.5 * HOUR));
  await send(ids.lost, 1, ago(90 * MINUTE), { variant: '0:1' });
  await send(ids.lost, 0, ago(30 * MINUTE), { variant: '0:1' });
  await send(ids.lost, 1, ago(20 * MINUTE), { variant: '0:1' });
  await send(ids.lost, 2, ago(10 * MINUTE), { status: 'fail', variant: '0:2' });
  await send(ids.lost, 4, ago(5 * MINUTE), { variant: '0:2' });
  // After the ban: not part of what preceded it.
  await send(ids.lost, 5, new Date(lostAt.getTime() + 10 * MINUTE));

  await event(ids.lost, 'connected', ago(50 * HOUR));
  await event(ids.lost, 'connected', ago(47 * HOUR));
  await event(ids.lost, 'proxy_changed', ago(40 * HOUR), null, { proxy_id: proxyId });
  await event(ids.lost, 'disconnected', ago(20 * HOUR), 'lost (408)');
  await event(ids.lost, 'restricted', ago(3 * HOUR), '463', { until: ago(2 * HOUR).toISOString() });
  await event(ids.lost, 'restricted', ago(2 * HOUR), '429', { until: ago(HOUR).toISOString() });
  await event(ids.lost, 'health_paused', ago(HOUR), null, { health: 31 });
  // As the engine writes it: PostgreSQL keeps microseconds, which the loss read back into a date loses.
  await t.db.insert(accountEvents).values({
    account_id: ids.lost,
    kind: 'suspended',
    at: sql`${lostAt.toISOString()}::timestamptz + interval '700 microseconds'`,
    code: 'banned (401)',
  });

  // A second lost account, temporarily banned an hour after the first, busier and all first contacts.
  const bannedAt = new Date(lostAt.getTime() + HOUR);
  for (let index = 0; index < 6; index++)
    await send(ids.banned, index, new Date(bannedAt.getTime() - (index + 1) * 5 * MINUTE));
  await event(ids.banned, 'temp_banned', bannedAt, '403', { until: new Date(Date.now() + 24 * HOUR).toISOString() });

  // Kept: two sends in the last hours, to a number it had messaged (4) and one it had not (6).
  await send(ids.kept, 4, new Date(Date.now() - 3 * HOUR));
  await send(ids.kept, 6, new Date(Date.now() - 2 * HOUR));
});
afterAll(() => t.close());

const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });

describe("a lost account's timeline", () => {
  it('reads the 48 hours before the ban: sends per hour, first contacts, variants, codes and events in order', async () => {
    const res = await get(admin, `/api/admin/account-loss/timeline/${ids.lost}`);
    expect(res.statusCode, res.body).toBe(200);
    const timeline = res.json<TAccountTimeline>();
    expect(timeline.loss).toEqual({ kind: 'suspended', at: lostAt.toISOString(), code: 'banned (401)' });
    expect(timeline.to).toBe(lostAt.toISOString());
    expect(timeline.from).toBe(ago(48 * HOUR).toISOString());
    const series = Object.fromEntries(timeline.series.map((one) => [one.key, one.points]));
    expect(series.sends?.length).toBe(48);
    expect(series.sends?.[0]).toBe(1);
    expect(series.sends?.[46]).toBe(1);
    expect(series.sends?.[47]).toBe(4);
    expect(series.sends?.reduce((sum, value) => (sum ?? 0) + (value ?? 0), 0)).toBe(6);
    // 3 (hour 0), 1 (hour 46), 2 and 4 (hour 47): 0 was messaged before; 1 counts once; 4 only by another account.
    expect(series.first_contacts?.[0]).toBe(1);
    expect(series.first_contacts?.[46]).toBe(1);
    expect(series.first_contacts?.[47]).toBe(2);
    expect(series.fails?.[47]).toBe(1);
    // Its health hour by hour, as the engine scored it then: full until the 463 (3 h before) and the 429 (2 h).
    expect(series.health).toHaveLength(48);
    expect(series.health?.[0]).toBe(100);
    expect(series.health?.[47]).toBe(82);
    expect(series.disconnects?.[28]).toBe(1);
    expect(series.restrictions?.[45]).toBe(1);
    expect(series.restrictions?.[46]).toBe(1);
    expect(series.proxy_changes?.[8]).toBe(1);
    expect(timeline.figures).toMatchObject({
      sends: 6,
      fails: 1,
      first_contacts: 4,
      first_contact_share: 4 / 6,
      peak_hour_sends: 4,
      fail_share: 1 / 6,
      variants: 3,
      disconnects: 1,
      restrictions: 2,
      proxy_changes: 1,
    });
    expect(timeline.figures.codes).toEqual(
      expect.arrayContaining([
        { code: '408', count: 1 },
        { code: '463', count: 1 },
        { code: '429', count: 1 },
        { code: '401', count: 1 },
      ]),
    );
    expect(timeline.figures.codes).toHaveLength(4);
    expect(timeline.variants).toEqual([
      { template_id: templateId, variant: '0:1', sends: 3, fails: 0 },
      { template_id: templateId, variant: '0:2', sends: 2, fails: 1 },
      { template_id: templateId, variant: '0:0', sends: 1, fails: 0 },
    ]);
    expect(timeline.events.map((one) => one.kind)).toEqual([
      'connected',
      'proxy_changed',
      'disconnected',
      'restricted',
      'restricted',
      'health_paused',
      'suspended',
    ]);
    const proxy = timeline.events.find((one) => one.kind === 'proxy_changed');
    expect(proxy?.proxy_host).toBe('10.9.8.7');
    expect(JSON.stringify(timeline)).not.toContain('secret');
    expect(timeline.events.find((one) => one.code === '463')?.until).toBe(ago(2 * HOUR).toISOString());
  });

  it('ends at now for an account never lost, and answers 404 for none', async () => {
    const before = Date.now();
    const res = await get(dev, `/api/admin/account-loss/timeline/${ids.quiet}`);
    expect(res.statusCode, res.body).toBe(200);
    const timeline = res.json<TAccountTimeline>();
    expect(timeline.loss).toBeNull();
    expect(new Date(timeline.to).getTime()).toBeGreaterThanOrEqual(before);
    expect(timeline.figures.sends).toBe(0);
    expect(timeline.figures.first_contact_share).toBeNull();
    expect((await get(admin, '/api/admin/account-loss/timeline/999999')).statusCode).toBe(404);
    expect((await get(admin, '/api/admin/account-loss/timeline/abc')).statusCode).toBe(400);
  });
});

describe('what preceded bans, service-wide', () => {
  it('pages the period’s lost accounts, latest first, with their figures', async () => {
    const res = await get(admin, '/api/admin/account-loss/list-per-page?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TAccountLossPage>();
    expect(page.meta.total).toBe(2);
    expect(page.data.map((row) => row.account_id)).toEqual([ids.banned, ids.lost]);
    expect(page.data[0]).toMatchObject({ member: 'Hilang Test', loss: { kind: 'temp_banned', code: '403' } });
    expect(page.data[0]?.figures).toMatchObject({ sends: 6, first_contacts: 6, first_contact_share: 1 });
    expect(page.data[1]?.figures).toMatchObject({ sends: 6, first_contacts: 4 });
    const second = (await get(admin, '/api/admin/account-loss/list-per-page?page=2&limit=1')).json<TAccountLossPage>();
    expect(second.data.map((row) => row.account_id)).toEqual([ids.lost]);
    const before = (
      await get(admin, '/api/admin/account-loss/list-per-page?from=2020-01-01&to=2020-01-31')
    ).json<TAccountLossPage>();
    expect(before).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('sets the lost accounts beside those that kept sending: averages and medians', async () => {
    const res = await get(dev, '/api/admin/account-loss/compare');
    expect(res.statusCode, res.body).toBe(200);
    const compare = res.json<TAccountLossCompare>();
    const figure = (group: TAccountLossCompare['lost'], key: string) => group.figures.find((one) => one.key === key);
    expect(compare.lost).toMatchObject({ accounts: 2, sampled: false });
    expect(figure(compare.lost, 'first_contact_share')).toEqual({
      key: 'first_contact_share',
      average: (4 / 6 + 1) / 2,
      median: (4 / 6 + 1) / 2,
    });
    expect(figure(compare.lost, 'restrictions')).toMatchObject({ average: 1, median: 1 });
    expect(figure(compare.lost, 'peak_hour_sends')).toMatchObject({ median: 5 });
    // Only the account that sent in the period's last 48 hours and was not lost: one old number, one new.
    expect(compare.kept).toMatchObject({ accounts: 1, sampled: false });
    expect(figure(compare.kept, 'first_contact_share')).toMatchObject({ average: 0.5, median: 0.5 });
  });

  it('refuses a period that is not one', async () => {
    const res = await get(admin, '/api/admin/account-loss/compare?from=2026-02-10&to=2026-02-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBeTruthy();
    expect((await get(admin, '/api/admin/account-loss/list-per-page?from=kemarin')).statusCode).toBe(400);
  });
});

describe('who may read it', () => {
  it('refuses members, their own account included, before anything is read; staff too', async () => {
    const staff = await t.loginAs('staff');
    for (const caller of [member, other, staff])
      for (const url of [
        `/api/admin/account-loss/timeline/${ids.lost}`,
        '/api/admin/account-loss/timeline/999999',
        '/api/admin/account-loss/list-per-page',
        '/api/admin/account-loss/compare',
      ]) {
        const res = await get(caller, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
      }
  });
});
