/**
 * The audit log and the finance export on the real database (issue 11 item 8): each audited action writes
 * exactly one entry with its actor and the changed fields before and after, in the change's transaction (a
 * failure at commit, after the entry was written, leaves neither); the list pages newest first and filters;
 * the export's CSV holds the accepted withdrawals of whole business days with formula cells neutralised.
 */
import { ACCEPTED_EXPORT_HEADER, type TAuditEntry, type TAuditPage } from '@sewablast/contract/audit';
import { AUDIT_TEXT } from '@sewablast/contract/audit-text';
import { FIRST_DAY, LAST_DAY } from '@sewablast/contract/days';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, levels, users, withdrawals } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
type Caller = Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Caller;
let dev: Caller;
let staff: Caller;
let member: Caller;

beforeAll(async () => {
  t = await buildTestApp({ config: { USER_REQUESTS_PER_SECOND: 10_000, USER_REQUESTS_IN_FLIGHT: 1000 } });
  admin = await t.loginAs('admin');
  dev = await t.loginAs('dev');
  staff = await t.loginAs('staff');
  member = await t.loginAs('member', { firstname: 'Budi' });
  await t.db
    .update(users)
    .set({ account_bank: 'BCA', account_number: '1234567890', account_name: '=HYPERLINK("http://evil","x")' })
    .where(eq(users.id, member.user.id));
});
afterAll(() => t.close());

const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: caller.headers, payload });

async function lastId(): Promise<number> {
  const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}
const entriesAfter = (id: number) => t.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);

/** The one entry written by `act`, checked to be the only one. */
async function onlyEntry(act: () => Promise<{ statusCode: number; body: string }>) {
  const mark = await lastId();
  const res = await act();
  expect(res.statusCode, res.body).toBe(200);
  const written = await entriesAfter(mark);
  expect(written).toHaveLength(1);
  return written[0] as (typeof written)[number];
}

async function giveBonus(nominal: number): Promise<number> {
  const res = await call(admin, 'POST', '/api/admin/bonus/create', { userId: member.user.id, nominal, reason: 'uji' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
async function requestWithdrawal(nominal: number): Promise<number> {
  const res = await call(member, 'POST', '/api/admin/withdraw/request', { nominal });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}
const decide = (caller: Caller, id: number, status: string, reason?: string) =>
  call(caller, 'PUT', '/api/admin/withdraw/update', { id, status, reason });

/** A check that fails the transaction at commit, after every statement of the change has run. */
async function failAtCommit(table: string) {
  await t.db.execute(
    sql.raw(`create or replace function audit_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'forced failure at commit'; end $$`),
  );
  await t.db.execute(
    sql.raw(`create constraint trigger audit_test_fail after insert or update or delete on ${table}
      deferrable initially deferred for each row execute function audit_test_fail()`),
  );
  return () => t.db.execute(sql.raw(`drop trigger audit_test_fail on ${table}`));
}

describe('what is recorded', () => {
  it('records each withdraw decision once, with the decider, and nothing for a repeated decision', async () => {
    await giveBonus(50_000);
    const id = await requestWithdrawal(20_000);
    const accepted = await onlyEntry(() => decide(staff, id, 'accepted'));
    expect(accepted).toMatchObject({
      actor_id: staff.user.id,
      action: 'withdraw.accepted',
      target_table: 'withdrawals',
      target_id: id,
      before: { user_id: member.user.id, nominal: 20_000, status: 'requested' },
      after: { user_id: member.user.id, nominal: 20_000, status: 'accepted' },
    });
    const mark = await lastId();
    expect((await decide(admin, id, 'accepted')).statusCode).toBe(200);
    expect(await entriesAfter(mark)).toEqual([]);
    const cancelled = await onlyEntry(() => decide(admin, id, 'requested', 'Transfer gagal'));
    expect(cancelled).toMatchObject({ action: 'withdraw.payout_cancelled', actor_id: admin.user.id });
    expect(cancelled.after).toMatchObject({ status: 'requested', reason: 'Transfer gagal' });
    const rejected = await onlyEntry(() => decide(dev, id, 'rejected'));
    expect(rejected).toMatchObject({ action: 'withdraw.rejected', actor_id: dev.user.id });
  });

  it('records a bonus given and deleted, with its amount and reason', async () => {
    const mark = await lastId();
    const id = await giveBonus(7_000);
    const [created] = await entriesAfter(mark);
    expect(await entriesAfter(mark)).toHaveLength(1);
    expect(created).toMatchObject({
      actor_id: admin.user.id,
      action: 'bonus.created',
      target_table: 'bonuses',
      target_id: id,
      before: null,
      after: { user_id: member.user.id, nominal: 7_000, reason: 'uji' },
    });
    const deleted = await onlyEntry(() => call(dev, 'DELETE', `/api/admin/bonus/${id}`));
    expect(deleted).toMatchObject({
      actor_id: dev.user.id,
      action: 'bonus.deleted',
      before: created?.after,
      after: null,
    });
  });

  it('records a role change and an interval change as one entry each, and nothing for a profile edit', async () => {
    const target = await t.loginAs('member');
    const role = await onlyEntry(() => call(dev, 'PUT', `/api/admin/users/${target.user.id}`, { role: 'staff' }));
    expect(role).toMatchObject({
      actor_id: dev.user.id,
      action: 'user.role_changed',
      target_table: 'users',
      target_id: target.user.id,
      before: { role: 'member' },
      after: { role: 'staff' },
    });
    const interval = await onlyEntry(() =>
      call(admin, 'PUT', `/api/admin/users/${member.user.id}`, { blast_interval_min: 12, blast_interval_max: 40 }),
    );
    expect(interval).toMatchObject({ action: 'user.interval_changed', actor_id: admin.user.id });
    expect(interval.after).toEqual({ blast_interval_min: 12, blast_interval_max: 40 });
    const mark = await lastId();
    const res = await call(target, 'PUT', `/api/admin/users/${target.user.id}`, {
      firstname: 'Sari',
      password: 'another123',
      current_password: 'secret123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesAfter(mark)).toEqual([]);
  });

  it('records a temporary password given by an admin, without the password', async () => {
    const target = await t.loginAs('member');
    const entry = await onlyEntry(() =>
      call(admin, 'POST', `/api/admin/users/${target.user.id}/temporary-password`, {}),
    );
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      action: 'user.temporary_password',
      target_table: 'users',
      target_id: target.user.id,
      before: { must_change_password: false },
      after: { must_change_password: true },
    });
  });

  it('records the settings fields that changed, and only those', async () => {
    const { setting } = (await call(admin, 'GET', '/api/admin/setting/get')).json();
    const { id: _id, ...values } = setting;
    const entry = await onlyEntry(() =>
      call(admin, 'PUT', '/api/admin/setting/update', { ...values, price: setting.price + 25 }),
    );
    expect(entry).toMatchObject({ action: 'setting.updated', actor_id: admin.user.id, target_table: 'settings' });
    expect(entry.before).toEqual({ price: setting.price });
    expect(entry.after).toEqual({ price: setting.price + 25 });
  });

  it('records a level created, its fee changed and the level deleted', async () => {
    const mark = await lastId();
    const body = { name: 'Audit', blast_fee: 120, requirement_blast: 5 };
    const created = await call(admin, 'POST', '/api/admin/level/create', body);
    const id = created.json().level.id as number;
    expect(await entriesAfter(mark)).toMatchObject([{ action: 'level.created', before: null, after: body }]);
    const fee = await onlyEntry(() => call(dev, 'PUT', `/api/admin/level/${id}`, { ...body, blast_fee: 180 }));
    expect(fee).toMatchObject({ action: 'level.updated', actor_id: dev.user.id, before: body });
    expect(fee.after).toEqual({ ...body, blast_fee: 180 });
    const deleted = await onlyEntry(() => call(admin, 'DELETE', `/api/admin/level/${id}`));
    expect(deleted).toMatchObject({ action: 'level.deleted', before: { ...body, blast_fee: 180 }, after: null });
  });

  it('never keeps a password hash or a token', async () => {
    const rows = await t.db.select({ before: auditLog.before, after: auditLog.after }).from(auditLog);
    const fields = rows.flatMap((row) => [...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})]);
    expect(fields.filter((field) => /hash|token|^password$|current_password/.test(field))).toEqual([]);
    expect(JSON.stringify(rows)).not.toMatch(/\$argon2/);
  });
});

describe('atomicity', () => {
  it('leaves no entry and no change when a level update fails at commit, after the entry was written', async () => {
    const level = await t.services.levels.create({ name: 'Atomik', blast_fee: 100, requirement_blast: 1 });
    const mark = await lastId();
    const restore = await failAtCommit('levels');
    try {
      const res = await call(admin, 'PUT', `/api/admin/level/${level.id}`, { ...level, blast_fee: 999 });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await entriesAfter(mark)).toEqual([]);
    const [row] = await t.db.select().from(levels).where(eq(levels.id, level.id));
    expect(row?.blast_fee).toBe(100);
  });

  it('leaves no entry and no decision when a withdraw decision fails at commit', async () => {
    const id = await requestWithdrawal(10_000);
    const mark = await lastId();
    const restore = await failAtCommit('withdrawals');
    try {
      expect((await decide(admin, id, 'accepted')).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await entriesAfter(mark)).toEqual([]);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe('requested');
  });
});

describe('GET /api/admin/audit/list-per-page', () => {
  const list = (caller: Caller, query = '') => call(caller, 'GET', `/api/admin/audit/list-per-page${query}`);

  it('refuses members and staff', async () => {
    for (const caller of [member, staff]) {
      const res = await list(caller);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_TEXT.forbidden });
    }
  });

  it('pages newest first with the actor name and a readable summary', async () => {
    const page = (await list(dev, '?limit=3')).json() as TAuditPage;
    expect(page.data).toHaveLength(3);
    expect(page.meta.total).toBeGreaterThan(10);
    const ids = page.data.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await list(dev, '?limit=3&page=2')).json() as TAuditPage;
    expect(Math.max(...second.data.map((entry) => entry.id))).toBeLessThan(Math.min(...ids));
  });

  it('filters by action and actor, and shows only the changed fields', async () => {
    const page = (await list(admin, `?action=withdraw.accepted&actor_id=${staff.user.id}`)).json() as TAuditPage;
    expect(page.meta.total).toBe(1);
    const entry = page.data[0] as TAuditEntry;
    expect(entry).toMatchObject({
      action: 'withdraw.accepted',
      actorId: staff.user.id,
      actorName: `${staff.user.firstname} Test`,
      summary: expect.stringMatching(/^Withdraw #\d+ · Budi Test · Rp\s20\.000$/),
      changes: [{ field: 'status', before: 'requested', after: 'accepted' }],
    });
    const settings = (await list(admin, '?action=setting.updated')).json() as TAuditPage;
    expect(settings.data[0]?.summary).toBe(AUDIT_TEXT.settings);
    const intervals = (await list(admin, '?action=user.interval_changed')).json() as TAuditPage;
    expect(intervals.data[0]?.changes.map((change) => change.field)).toEqual([
      'blast_interval_min',
      'blast_interval_max',
    ]);
    // The member a bonus went to is named in the summary rather than listed as a change.
    const bonus = ((await list(admin, '?action=bonus.created')).json() as TAuditPage).data.at(-1);
    expect(bonus?.summary).toMatch(/^Bonus #\d+ · Budi Test · Rp\s50\.000$/);
    expect(bonus?.changes).toEqual([
      { field: 'nominal', before: null, after: 50_000 },
      { field: 'reason', before: null, after: 'uji' },
    ]);
  });

  it('filters by whole days in the business time zone (Asia/Jakarta)', async () => {
    const mark = await lastId();
    await giveBonus(1_000);
    const [entry] = await entriesAfter(mark);
    // 23:30 on 1 March in Jakarta is still 1 March there, though it is 16:30 UTC.
    await t.db
      .update(auditLog)
      .set({ created_at: new Date('2026-03-01T16:30:00Z') })
      .where(eq(auditLog.id, entry?.id ?? 0));
    const ids = async (query: string) =>
      ((await list(admin, `?limit=100&${query}`)).json() as TAuditPage).data.map((row) => row.id);
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([entry?.id]);
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual([]);
    expect(await ids('to=2026-02-28')).toEqual([]);
  });

  it('answers 400 for a bad date, a reversed period or an unknown action', async () => {
    for (const query of ['?from=2026-02-30', '?to=kemarin', '?from=2026-03-02&to=2026-03-01', '?action=drop']) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().msg).toBe('string');
    }
  });

  it('answers 400 naming the field for a day outside the service’s years, on either end', async () => {
    const outOfRange = AUDIT_TEXT.dayOutOfRange(FIRST_DAY, LAST_DAY);
    const cases = [
      ['from=0001-01-01&to=9999-12-31', ['from', 'to']],
      ['from=1999-12-31', ['from']],
      ['to=2101-01-01', ['to']],
      ['from=2026-01-01&to=9999-12-31', ['to']],
    ] as const;
    for (const [query, fields] of cases) {
      const res = await list(admin, `?${query}`);
      expect(res.statusCode, query).toBe(400);
      const errors = Object.fromEntries(fields.map((field) => [field, outOfRange]));
      expect(res.json(), query).toEqual({ msg: outOfRange, errors });
    }
    expect((await list(admin, `?from=${FIRST_DAY}&to=${LAST_DAY}`)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/withdraw/export-accepted', () => {
  const exportCsv = (caller: Caller, from: string, to: string) =>
    call(caller, 'GET', `/api/admin/withdraw/export-accepted?from=${from}&to=${to}`);

  it('refuses members and staff, and answers 400 for a bad period', async () => {
    for (const caller of [member, staff])
      expect((await exportCsv(caller, '2026-01-01', '2026-01-31')).statusCode).toBe(403);
    expect((await exportCsv(admin, '2026-01-31', '2026-01-01')).statusCode).toBe(400);
    expect((await exportCsv(admin, '2026-01-01', 'x')).statusCode).toBe(400);
  });

  it('answers 400 naming the field for a day outside the service’s years, before any byte of the file', async () => {
    const outOfRange = AUDIT_TEXT.dayOutOfRange(FIRST_DAY, LAST_DAY);
    for (const [from, to, field] of [
      ['0001-01-01', '2026-01-02', 'from'],
      ['2026-01-01', '9999-12-31', 'to'],
    ] as const) {
      const res = await exportCsv(admin, from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json()).toEqual({ msg: outOfRange, errors: { [field]: outOfRange } });
    }
    const whole = await exportCsv(admin, FIRST_DAY, LAST_DAY);
    expect(whole.statusCode).toBe(200);
    expect(whole.body.startsWith(ACCEPTED_EXPORT_HEADER.join(','))).toBe(true);
  });

  it('lists the accepted withdrawals decided within the days, bank details from the request, cells neutralised', async () => {
    const ids = [await requestWithdrawal(10_000), await requestWithdrawal(11_000), await requestWithdrawal(12_000)];
    for (const id of ids) expect((await decide(admin, id, 'accepted')).statusCode).toBe(200);
    // The member's later profile change must not reach the export: it shows the details of the request.
    await t.db.update(users).set({ account_bank: 'BRI' }).where(eq(users.id, member.user.id));
    const decidedAt = [
      '2025-12-31T16:59:59Z', // 23:59:59 on 31 December in Jakarta: before the period
      '2025-12-31T17:00:00Z', // 00:00 on 1 January: the first instant of it
      '2026-01-31T16:59:59Z', // 23:59:59 on 31 January: the last
    ];
    for (const [index, id] of ids.entries()) {
      const at = new Date(decidedAt[index] as string);
      await t.db.update(withdrawals).set({ decided_at: at, created_at: at }).where(eq(withdrawals.id, id));
    }
    const res = await exportCsv(dev, '2026-01-01', '2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="withdraw-accepted-2026-01-01-2026-01-31.csv"',
    );
    const account = `"'=HYPERLINK(""http://evil"",""x"")"`;
    expect(res.body).toBe(
      [
        ACCEPTED_EXPORT_HEADER.join(','),
        `Budi Test,BCA,1234567890,${account},11000,2026-01-01 00:00:00,accepted,`,
        `Budi Test,BCA,1234567890,${account},12000,2026-01-31 23:59:59,accepted,`,
        '',
      ].join('\r\n'),
    );
  });

  it('reads the rows in batches: a period of more than one batch is whole and in order', async () => {
    const at = new Date('2025-06-15T05:00:00Z');
    await t.db.insert(withdrawals).values(
      Array.from({ length: 2345 }, (_, index) => ({
        user_id: member.user.id,
        nominal: 10_000 + index,
        status: 'accepted',
        bank: 'BCA',
        account_number: '1',
        account_name: '+62 Budi',
        decided_at: at,
        created_at: at,
      })),
    );
    const lines = (await exportCsv(admin, '2025-06-15', '2025-06-15')).body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2346);
    expect(lines[1]).toBe("Budi Test,BCA,1,'+62 Budi,10000,2025-06-15 12:00:00,accepted,");
    expect(lines.at(-1)).toBe("Budi Test,BCA,1,'+62 Budi,12344,2025-06-15 12:00:00,accepted,");
  });
});
