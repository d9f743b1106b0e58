/**
 * Deep pages (lib/page-seek.ts, issue 21): any page of a list is exactly the page `ORDER BY … OFFSET … LIMIT`
 * gives, after inserts, deletes and changes that no service made (raw SQL, as another node or the engine
 * writes), while no page past the first anchor skips more than ANCHOR_EVERY rows to reach its own.
 */
import { SEARCH_COUNT_CAP } from '@sewablast/contract/paging';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { auditLog, phoneNumbers } from '../src/db/schema.ts';
import { ANCHOR_EVERY, VERSIONED_TABLES, versionOf } from '../src/lib/page-seek.ts';
import { countUpTo, paged } from '../src/lib/paging.ts';
import { phoneSearch } from '../src/modules/phonenumber/service.ts';
import { createTestDatabase } from './harness.ts';

let database: Database;
let db: Db;
/** The OFFSET of every statement the paging helper sent, and the statements (the naive reads' are not kept). */
const offsets: number[] = [];
const statements: string[] = [];
let recording = false;

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = {
    logQuery(query: string, params: unknown[]) {
      const position = / offset \$(\d+)/.exec(query)?.[1];
      if (position && recording) offsets.push(Number(params[Number(position) - 1]));
      if (recording) statements.push(query);
    },
  };
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  db = drizzleNodePg(client, { schema, logger }) as unknown as Db;
  await db.execute(sql`
    insert into phone_numbers (number, name)
    select '628' || lpad(i::text, 10, '0'), case when i % 3 = 0 then 'Budi ' || i else 'Siti ' || i end
    from generate_series(1, 3000) as i`);
  // Many entries share one instant, and the instants differ in microseconds, which a JavaScript Date drops.
  await db.execute(sql`
    insert into audit_log (action, target_table, created_at)
    select case when i % 2 = 0 then 'even' else 'odd' end, 't',
           timestamptz '2026-01-01 00:00:00.000001+00' + (i % 40) * interval '1 microsecond'
    from generate_series(1, 2500) as i`);
});
afterAll(() => database.close());

/** A fixed sequence of numbers in [0, 1), so that a failure repeats. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const random = randomFrom(21);

interface List {
  table: PgTable;
  where: SQL | undefined;
  columns: PgColumn[];
}

async function naive(list: List, page: number, limit: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(list.table).where(list.where);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const at = Math.min(page, totalPages);
  const rows = await db
    .select()
    .from(list.table)
    .where(list.where)
    .orderBy(...list.columns.map((column) => desc(column)))
    .limit(limit)
    .offset((at - 1) * limit);
  return { ids: rows.map((row) => (row as { id: number }).id), meta: { page: at, limit, total, totalPages } };
}

async function fast(list: List, page: number, limit: number) {
  recording = true;
  const { data, meta } = await paged(
    db,
    { page, limit },
    {
      table: list.table,
      where: list.where,
      orderBy: list.columns.map((column) => desc(column)),
      keyset: { columns: list.columns, desc: true },
    },
    (rows) => rows.map((row) => (row as { id: number }).id),
  ).finally(() => {
    recording = false;
  });
  return { ids: data, meta };
}

/** The first page, the last, one past it, and random ones in between, each beside the naive read. */
async function expectSamePages(list: List, limit: number) {
  const { meta } = await naive(list, 1, limit);
  const pages = [1, meta.totalPages, meta.totalPages + 1];
  for (let i = 0; i < 6; i++) pages.push(1 + Math.floor(random() * meta.totalPages));
  for (const page of pages)
    expect(await fast(list, page, limit), `page ${page} of ${limit}`).toEqual(await naive(list, page, limit));
  expect(
    offsets.some((offset) => offset >= ANCHOR_EVERY),
    'a page skipped more than ANCHOR_EVERY rows',
  ).toBe(false);
}

const phones: List = { table: phoneNumbers, where: undefined, columns: [phoneNumbers.id] };
const budis: List = { table: phoneNumbers, where: phoneSearch('budi'), columns: [phoneNumbers.id] };
const audit: List = { table: auditLog, where: undefined, columns: [auditLog.created_at, auditLog.id] };
const odd: List = { table: auditLog, where: eq(auditLog.action, 'odd'), columns: [auditLog.created_at, auditLog.id] };

describe('a page of a list', () => {
  it('is the OFFSET page, with and without a filter, on a key of one column and of two with ties', async () => {
    for (const list of [phones, budis, audit, odd]) {
      for (const limit of [10, 37, 100]) await expectSamePages(list, limit);
    }
  }, 120_000);

  it('stays the OFFSET page after inserts, deletes and changes of what a filter reads, between reads', async () => {
    const changes = [
      sql`insert into phone_numbers (number, name)
          select '629' || lpad(i::text, 10, '0'), 'Budi baru ' || i from generate_series(1, 300) as i`,
      sql`delete from phone_numbers where id % 7 = 3`,
      sql`update phone_numbers set name = 'Budi ganti' where id % 11 = 5`,
      sql`update phone_numbers set name = 'Siti ganti', status = 'nonactive' where id % 13 = 2`,
      sql`delete from audit_log where id % 5 = 1`,
      sql`update audit_log set action = 'odd' where id % 9 = 4`,
      sql`insert into audit_log (action, target_table, created_at)
          select 'odd', 't', timestamptz '2026-01-01 00:00:00.000020+00' from generate_series(1, 400)`,
    ];
    for (const change of changes) {
      // Every list has been read (and remembered) before the change.
      for (const list of [phones, budis, audit, odd]) await fast(list, 20, 10);
      await db.execute(change);
      for (const list of [phones, budis, audit, odd]) await expectSamePages(list, 10 + Math.floor(random() * 91));
    }
  }, 120_000);
});

describe('a searched page, its matches counted to the cap', () => {
  /** The naive page of a search: its matches counted to the cap, the page by OFFSET within them. */
  async function naiveSearch(list: List, page: number, limit: number) {
    const [{ all } = { all: 0 }] = await db.select({ all: count() }).from(list.table).where(list.where);
    const total = Math.min(all, SEARCH_COUNT_CAP);
    const totalPages = Math.max(1, Math.ceil(total / limit));
    const at = Math.min(page, totalPages);
    const { ids } = await naive(list, at, limit);
    return { ids, meta: { page: at, limit, total, totalPages, capped: all > total || undefined } };
  }

  async function searched(list: List, page: number, limit: number) {
    statements.length = 0;
    recording = true;
    const { data, meta } = await paged(
      db,
      { page, limit },
      {
        table: list.table,
        where: list.where,
        orderBy: list.columns.map((column) => desc(column)),
        count: (where) => countUpTo(db, list.table, where),
        keyset: { columns: list.columns, desc: true },
      },
      (rows) => rows.map((row) => (row as { id: number }).id),
    ).finally(() => {
      recording = false;
    });
    return { ids: data, meta: { ...meta, capped: meta.capped } };
  }

  // 'Siti …' more than the cap, 'Budi …' about as many, 'odd' audit entries (a key of two columns with ties).
  const sitis: List = { table: phoneNumbers, where: phoneSearch('siti'), columns: [phoneNumbers.id] };

  it('is the OFFSET page of the capped count, and past its first pages of a version reads its rows by key alone', async () => {
    await db.execute(sql`truncate phone_numbers cascade`);
    await db.execute(sql`
      insert into phone_numbers (number, name)
      select '628' || lpad(i::text, 10, '0'), case when i % 3 = 0 then 'Budi ' || i else 'Siti ' || i end
      from generate_series(1, 3000) as i`);
    const changes = [
      sql`insert into phone_numbers (number, name)
          select '629' || lpad(i::text, 10, '0'), 'Budi baru ' || i from generate_series(1, 300) as i`,
      sql`delete from phone_numbers where id % 7 = 3`,
      sql`update phone_numbers set name = 'Siti ganti' where id % 11 = 5`,
      sql`update audit_log set action = 'odd' where id % 9 = 4`,
    ];
    for (const change of [sql`select 1`, ...changes]) {
      await db.execute(change);
      for (const list of [sitis, budis, odd]) {
        const limit = 10 + Math.floor(random() * 91);
        const { meta } = await naiveSearch(list, 1, limit);
        const pages = [1 + Math.floor(random() * meta.totalPages), 1, meta.totalPages, meta.totalPages + 1, 2];
        for (const [i, page] of pages.entries()) {
          expect(await searched(list, page, limit), `page ${page} of ${limit}`).toEqual(
            await naiveSearch(list, page, limit),
          );
          // A search asked the first time is read by OFFSET, the first page asked after it or after a change
          // reads the matches' keys; every other reads its rows by key.
          if (i > 1) expect(statements).toEqual([expect.stringMatching(/ where "\w+"\."id" in \(/)]);
        }
      }
    }
  }, 120_000);
});

describe("a table's version", () => {
  const versionNow = async () => versionOf(db, ['phone_numbers']);

  it('is kept by a trigger on every table the helper counts as versioned, and on no other', async () => {
    const rows = await db
      .select({ table: sql<string>`c.relname` })
      .from(sql`pg_trigger t join pg_class c on c.oid = t.tgrelid`)
      .where(sql`t.tgname = c.relname || '_list_changed'`)
      .orderBy(sql`1`);
    expect(rows.map((row) => row.table)).toEqual([...VERSIONED_TABLES].sort());
  });

  it('rises with a change a list can show, in the writing statement', async () => {
    const before = await versionNow();
    await db.update(phoneNumbers).set({ name: 'Budi lagi' }).where(eq(phoneNumbers.id, 2));
    const renamed = await versionNow();
    expect(renamed).not.toBe(before);
    await db.execute(sql`truncate phone_numbers cascade`);
    expect(await versionNow()).not.toBe(renamed);
  });

  it('stays through the engine writes of every send (in use, last sent), which no list filters by', async () => {
    await db.execute(sql`insert into phone_numbers (number) values ('6281111111111'), ('6281111111112')`);
    const before = await versionNow();
    await db
      .update(phoneNumbers)
      .set({ in_use: true, last_sent: new Date() })
      .where(and(eq(phoneNumbers.number, '6281111111111')));
    expect(await versionNow()).toBe(before);
  });
});
