/**
 * Members on the real database (spec part 2 §2 Member list and edit, §7): members-per-page with its search
 * by a part of the full name or email (the start, for one or two characters), the status filter, each member's income and WhatsApp
 * count; the bonus picker's member-options; who may call them; and a member's blast intervals set by an
 * admin and refused to a member.
 */
import { INTERVAL_ORDER_TEXT } from '@sewablast/contract/interval';
import type { TMember } from '@sewablast/contract/members';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, levels, users, whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Caller;
let dev: Caller;
let ref = 0;

/** A member with the given names; the run's tag keeps other tests' members out of every search below. */
const TAG = `z${Date.now().toString(36)}`;
async function member(firstname: string, lastname: string, email: string) {
  return t.services.users.create({ firstname, lastname, email: `${TAG}${email}`, password: 'secret123' });
}

const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });
const page = (caller: Caller, query: string) => get(caller, `/api/admin/users/members-per-page?${query}`);
const ids = (rows: TMember[] | { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

async function credit(userId: number, kind: string, amount: number) {
  ref += 1;
  await t.db.insert(ledgerEntries).values({ user_id: userId, kind, amount, ref_table: 'test', ref_id: ref });
}

let budi: Awaited<ReturnType<typeof member>>;
let siti: Awaited<ReturnType<typeof member>>;
let wild: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  admin = await t.loginAs('admin');
  dev = await t.loginAs('dev');
  budi = await member(`${TAG}Budi`, 'Santoso', 'budi@example.com');
  siti = await member(`${TAG}Siti`, 'Rahma', 'siti@example.com');
  wild = await member(`${TAG}50%_off`, 'Diskon', 'promo@example.com');
});

describe('members-per-page', () => {
  it('lists members only, newest first, paged with meta.totalPages', async () => {
    await t.loginAs('staff');
    const res = await page(admin, 'page=1&limit=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.data.map((row: TMember) => row.id)).toEqual([wild.id, siti.id]);
    expect(body.data.every((row: TMember) => row.role === 'member')).toBe(true);
    const all = await page(admin, 'limit=100');
    const roles = await t.db.select({ id: users.id, role: users.role }).from(users);
    const memberIds = roles.filter((row) => row.role === 'member').map((row) => row.id);
    expect(ids(all.json().data)).toEqual(memberIds.sort((a, b) => a - b));
    expect(body.meta.total).toBe(memberIds.length);
    expect(body.meta.totalPages).toBe(Math.ceil(memberIds.length / 2));
  });

  it("finds a part of the full name or the email anywhere from three characters: 'Import' finds Ayu Import", async () => {
    const stamp = Date.now().toString(36);
    const ayu = await t.services.users.create({
      firstname: 'Ayu',
      lastname: 'Import',
      email: `ayu.${stamp}@example.com`,
      password: 'secret123',
    });
    const search = async (term: string) => ids((await page(admin, `search=${encodeURIComponent(term)}`)).json().data);
    expect(await search('Import')).toEqual([ayu.id]);
    expect(await search('MPOR')).toEqual([ayu.id]);
    expect(await search('yu imp')).toEqual([ayu.id]);
    expect(await search(`${stamp}@exa`)).toEqual([ayu.id]);
    // One or two characters find the start of a name or an email.
    expect(await search('Ay')).toEqual(expect.arrayContaining([ayu.id]));
    expect(await search('Im')).toEqual(expect.arrayContaining([ayu.id]));
    expect(await search('yu')).not.toContain(ayu.id);
    await t.db.delete(users).where(eq(users.id, ayu.id));
  });

  it('finds by the start of the first name, the full name, the last name and the email, ignoring case', async () => {
    const search = async (term: string) => ids((await page(admin, `search=${encodeURIComponent(term)}`)).json().data);
    expect(await search(`${TAG}budi`)).toEqual([budi.id]);
    expect(await search(`${TAG.toUpperCase()}BUDI   san`)).toEqual([budi.id]);
    expect(await search(`${TAG}budi santoso`)).toEqual([budi.id]);
    expect(await search('SANTOS')).toEqual(expect.arrayContaining([budi.id]));
    expect(await search(`${TAG}siti@exa`)).toEqual([siti.id]);
    // A part that is in no name nor email finds nothing.
    expect(await search(`${TAG}udi`)).toEqual([]);
    expect(await search(`antoso ${TAG}`)).toEqual([]);
    expect(await search(`${TAG}budi rahma`)).toEqual([]);
  });

  it('takes LIKE wildcards in a search as text', async () => {
    const search = async (term: string) => ids((await page(admin, `search=${encodeURIComponent(term)}`)).json().data);
    expect(await search(`${TAG}50%`)).toEqual([wild.id]);
    expect(await search(`${TAG}50%_`)).toEqual([wild.id]);
    expect(await search(`${TAG}%`)).toEqual([]);
    expect(await search(`${TAG}_udi`)).toEqual([]);
    expect(await search(`${TAG}\\`)).toEqual([]);
  });

  it('filters by status: online when seen within the active window, offline otherwise', async () => {
    await t.db.update(users).set({ last_seen_at: new Date() }).where(eq(users.id, budi.id));
    await t.db
      .update(users)
      .set({ last_seen_at: new Date(Date.now() - 60 * 60_000) })
      .where(eq(users.id, siti.id));
    const tagged = (status: string) => page(admin, `search=${TAG}&status=${status}`);
    const online = (await tagged('online')).json().data as TMember[];
    expect(ids(online)).toEqual([budi.id]);
    expect(online[0]?.status).toBe('online');
    const offline = (await tagged('offline')).json().data as TMember[];
    expect(ids(offline)).toEqual(ids([siti, wild]));
    expect(offline.every((row) => row.status === 'offline')).toBe(true);
    expect(ids((await tagged('whatever')).json().data)).toEqual(ids([budi, siti, wild]));
  });

  it("shows each member's lifetime income (blast fees and referral shares, not bonuses), accounts and level", async () => {
    await credit(budi.id, 'blast_income', 1200);
    await credit(budi.id, 'blast_income', 800);
    await credit(budi.id, 'referral', 150);
    await credit(budi.id, 'bonus', 99_000);
    await credit(siti.id, 'referral', 40);
    for (const [userId, n] of [
      [budi.id, 3],
      [siti.id, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await t.db.insert(whatsappAccounts).values({ clientid: `${TAG}-${userId}-${i}`, user_id: userId });
      }
    }
    const [level] = await t.db
      .insert(levels)
      .values({ name: `${TAG} Gold`, blast_fee: 50, requirement_blast: 0 })
      .returning();
    await t.db.update(users).set({ level_id: level?.id }).where(eq(users.id, budi.id));

    const rows = (await page(admin, `search=${TAG}`)).json().data as TMember[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(budi.id)).toMatchObject({
      income: 2150,
      whatsapps: 3,
      level: `${TAG} Gold`,
      firstname: `${TAG}Budi`,
      lastname: 'Santoso',
      email: `${TAG}budi@example.com`,
    });
    expect(byId.get(budi.id)?.color).toMatch(/^#/);
    expect(byId.get(siti.id)).toMatchObject({ income: 40, whatsapps: 1, level: null, color: null });
    expect(byId.get(wild.id)).toMatchObject({ income: 0, whatsapps: 0 });
    expect(Date.parse(byId.get(wild.id)?.createdAt ?? '')).not.toBeNaN();
  });

  it('answers a dev, and 403 to members and staff', async () => {
    expect((await page(dev, 'page=1')).statusCode).toBe(200);
    for (const role of ['member', 'staff'] as const) {
      const res = await page(await t.loginAs(role), 'page=1');
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(SERVER_TEXT.forbidden);
    }
  });
});

describe('member-options', () => {
  const options = (query: string, caller = admin) => get(caller, `/api/admin/users/member-options?${query}`);

  it('answers at most 20 members by name with their email, searched by prefix', async () => {
    const res = await options(`search=${TAG}s`);
    expect(res.statusCode).toBe(200);
    expect(res.json().list).toEqual([{ id: siti.id, name: `${TAG}Siti Rahma`, email: `${TAG}siti@example.com` }]);
    const many = await options('');
    expect(many.json().list.length).toBeLessThanOrEqual(20);
  });

  it('puts the preselected member first even when the search misses them; never a non-member', async () => {
    const res = await options(`search=${TAG}siti&id=${budi.id}`);
    expect(res.json().list.map((row: { id: number }) => row.id)).toEqual([budi.id, siti.id]);
    const staff = await t.loginAs('staff');
    const notMember = await options(`search=${TAG}siti&id=${staff.user.id}`);
    expect(notMember.json().list.map((row: { id: number }) => row.id)).toEqual([siti.id]);
  });

  it('is refused to members', async () => {
    expect((await options('', await t.loginAs('member'))).statusCode).toBe(403);
  });
});

describe('members', () => {
  const list = (query: string, caller = admin) => get(caller, `/api/admin/users/members?${query}`);

  it('answers members only by full name, each with id, names and email, searched by prefix', async () => {
    const staff = await t.services.users.create({
      firstname: `${TAG}Sari`,
      lastname: 'Staff',
      email: `${TAG}sari@example.com`,
      password: 'secret123',
      role: 'staff',
    });
    const res = await list(`search=${TAG}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: [wild, budi, siti].map(({ id, firstname, lastname, email }) => ({ id, firstname, lastname, email })),
      more: false,
    });
    expect(ids((await list(`search=${TAG}s`)).json().users)).toEqual([siti.id]);
    expect(ids((await list(`search=${encodeURIComponent(`${TAG}sari`)}`)).json().users)).not.toContain(staff.id);
    const everyone = (await list('', dev)).json();
    expect(everyone.users.length).toBeGreaterThan(0);
    expect(everyone.users.every((row: { id: number }) => row.id !== staff.id && row.id !== admin.user.id)).toBe(true);
  });

  it('never answers more than 100, and says when more members match', async () => {
    await t.db.insert(users).values(
      Array.from({ length: 101 }, (_, i) => ({
        firstname: `${TAG}Many`,
        lastname: String(i).padStart(3, '0'),
        email: `${TAG}many${i}@example.com`,
        password_hash: 'x',
        referral_code: `M${TAG.slice(-3)}${String(i).padStart(3, '0')}`.slice(0, 8),
      })),
    );
    const body = (await list(`search=${TAG}many`)).json();
    expect(body.more).toBe(true);
    expect(body.users).toHaveLength(100);
    expect(body.users.map((row: { lastname: string }) => row.lastname)).toEqual(
      Array.from({ length: 100 }, (_, i) => String(i).padStart(3, '0')),
    );
    expect((await list('')).json().users).toHaveLength(100);
  });

  it('is refused to members and staff', async () => {
    for (const role of ['member', 'staff'] as const) {
      const res = await list('', await t.loginAs(role));
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(SERVER_TEXT.forbidden);
    }
  });
});

describe("a member's blast intervals", () => {
  const put = (caller: Caller, id: number, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: caller.headers, payload: body });

  it('are set by an admin, read back on the member, and shown in the list', async () => {
    const res = await put(admin, siti.id, { blast_interval_min: 15, blast_interval_max: 45 });
    expect(res.statusCode).toBe(200);
    const detail = await get(admin, `/api/admin/users/${siti.id}`);
    expect(detail.json().user).toMatchObject({ blast_interval_min: 15, blast_interval_max: 45 });
    const rows = (await page(admin, `search=${TAG}siti`)).json().data as TMember[];
    expect(rows[0]).toMatchObject({ blast_interval_min: 15, blast_interval_max: 45 });
    const cleared = await put(dev, siti.id, { blast_interval_min: null, blast_interval_max: null });
    expect(cleared.json().user).toMatchObject({ blast_interval_min: null, blast_interval_max: null });
  });

  it("refuse a minimum above the maximum with the spec's text", async () => {
    const res = await put(admin, siti.id, { blast_interval_min: 50, blast_interval_max: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.blast_interval_min).toBe(INTERVAL_ORDER_TEXT);
  });

  it('are refused to the member themselves, and another member reads nothing', async () => {
    const self = await t.loginAs('member');
    const res = await put(self, self.user.id, { blast_interval_min: 1, blast_interval_max: 2 });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, self.user.id));
    expect(row?.blast_interval_min).toBeNull();
    expect((await get(self, `/api/admin/users/${siti.id}`)).statusCode).toBe(403);
  });
});
