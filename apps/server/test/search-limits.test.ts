/**
 * What keeps a substring search inside the list budget at a million rows (issue 24 item 15): a term that begins
 * a page of names searches their start on the btree, and a search's total stops counting at SEARCH_COUNT_CAP
 * and says so (`meta.capped`), on the phone-number, member and WhatsApp account lists.
 */
import { SEARCH_COUNT_CAP } from '@sewablast/contract/paging';
import { desc, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { NAME_BLOCK } from '../src/db/schema.ts';
import { patternOrder, startsWith } from '../src/lib/like.ts';
import { countWithPage } from '../src/lib/search-page.ts';
import { newestMatches } from '../src/modules/phonenumber/name-blocks.ts';
import { createPhoneNumberService, phoneWhere, toPublicPhoneNumber } from '../src/modules/phonenumber/service.ts';
import { memberPage } from '../src/modules/users/members.ts';
import { buildTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('admin');
});
afterAll(() => t.close());

const TAG = `q${Date.now().toString(36)}`;

/** The statements a service sent while `recording`. */
const sent: string[] = [];
let recording = false;
const logged = () =>
  drizzleNodePg((t.db as unknown as { $client: pg.Pool }).$client, {
    schema,
    logger: { logQuery: (query: string) => recording && sent.push(query) },
  }) as unknown as Db;

async function list(path: string, term: string, limit = 100) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}?limit=${limit}&search=${encodeURIComponent(term)}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; meta: Record<string, unknown> };
}

describe('phone numbers', () => {
  const path = '/api/admin/phonenumber/list-per-page';
  const names = async (term: string) =>
    (await list(path, term)).data.map((row) => row.name as string).sort((a, b) => a.localeCompare(b));

  it('lists the names a term begins when it begins a page of them, else the names holding it anywhere', async () => {
    await t.db.execute(sql`
      insert into phone_numbers (number, name)
      select '62877' || lpad(i::text, 8, '0'), ${`${TAG}Nama `} || i from generate_series(1, 12) as i`);
    await t.db.execute(sql`insert into phone_numbers (number, name) values ('6287799999999', ${`Ibu ${TAG}Nama 1`})`);
    // 'Nama 1', 'Nama 10', 'Nama 11', 'Nama 12' begin so: fewer than a page, so the search looks anywhere.
    expect(await names(`${TAG}nama 1`)).toEqual([
      `Ibu ${TAG}Nama 1`,
      `${TAG}Nama 1`,
      `${TAG}Nama 10`,
      `${TAG}Nama 11`,
      `${TAG}Nama 12`,
    ]);
    // Twelve names begin with '…nama': the person is typing a name's start, and the btree answers it.
    const starting = await names(`${TAG}nama`);
    expect(starting).toHaveLength(12);
    expect(starting).not.toContain(`Ibu ${TAG}Nama 1`);
    // A part no name begins with is still found anywhere.
    expect(await names(`${TAG.slice(1)}nama 1`)).toHaveLength(5);
    // Kept between pages, the start is read again once fewer than a page of names begin with the term.
    expect(await names(`${TAG}nama`)).toHaveLength(12);
    await t.db.execute(sql`update phone_numbers set name = 'Pak ' || name where name like ${`${TAG}Nama 1%`}`);
    expect(await names(`${TAG}nama`)).toHaveLength(13);
  });

  it('asks the trigram index for the words most names do not share, and finds the same names', async () => {
    await t.db.execute(sql`
      insert into phone_numbers (number, name)
      select '62876' || lpad(i::text, 8, '0'), 'Warung ' || i from generate_series(1, 3000) as i`);
    await t.db.execute(sql`insert into phone_numbers (number, name) values ('6287699999999', 'Bu Warung 2345')`);
    await t.db.execute(sql`analyze phone_numbers`);
    expect(await names('warung 2345')).toEqual(['Bu Warung 2345', 'Warung 2345']);
    expect(await names('arung 234')).toEqual(
      [
        'Bu Warung 2345',
        'Warung 234',
        'Warung 2340',
        'Warung 2341',
        'Warung 2342',
        'Warung 2343',
        'Warung 2344',
        'Warung 2345',
        'Warung 2346',
        'Warung 2347',
        'Warung 2348',
        'Warung 2349',
      ].sort((a, b) => a.localeCompare(b)),
    );
    const plan = (await t.db.execute(
      sql`explain select count(*) from phone_numbers where ${(await phoneWhere(t.db, 'warung 2345')).where}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const read = plan.rows.map((row) => String(Object.values(row)[0])).join('\n');
    // What the index can answer is '2345' alone; the whole term, with 'warung' (in every name here), is checked
    // on an expression no index holds.
    expect(read).toMatch(/lower\(\(name\)::text\) ~~ '%2345%'/);
    expect(read).toMatch(/\(lower\(\(name\)::text\) \|\| ''::text\) ~~ '%warung 2345%'/);
    expect(read).not.toMatch(/lower\(\(name\)::text\) ~~ '%warung/);
  });

  it(`counts a search's matches up to ${SEARCH_COUNT_CAP.toLocaleString('en')} and says when it stopped`, async () => {
    await t.db.execute(sql`
      insert into phone_numbers (number, name)
      select '62878' || lpad(i::text, 8, '0'), ${`Ada ${TAG}Banyak `} || i
      from generate_series(1, ${SEARCH_COUNT_CAP + 5}) as i`);
    const many = await list(path, `${TAG}banyak`, 10);
    expect(many.meta).toEqual({
      page: 1,
      limit: 10,
      total: SEARCH_COUNT_CAP,
      totalPages: SEARCH_COUNT_CAP / 10,
      capped: true,
    });
    expect(many.data).toHaveLength(10);
    expect(many.data[0]?.name).toBe(`Ada ${TAG}Banyak ${SEARCH_COUNT_CAP + 5}`);
    // 'Banyak 100', and 'Banyak 1000' to the last one, SEARCH_COUNT_CAP + 5.
    const few = await list(path, `${TAG}banyak 100`, 10);
    expect(few.meta).toEqual({ page: 1, limit: 10, total: 7, totalPages: 1, capped: undefined });
  });
});

describe("a phone name's start", () => {
  /** A statement that reads a search's matches in the list's order: its page by OFFSET, or its keys. */
  const matchesRead = (query: string) => /^select "id".* order by /s.test(query) && !/"id" in \(/.test(query);
  const ids = async (where: SQL) =>
    (
      (await t.db.execute(sql`select id from phone_numbers where ${where} order by id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((row) => row.id);

  it('is a range of the btree that finds what `like` finds, and the trigram index cannot answer', async () => {
    const names = [
      'Awal',
      ...Array.from({ length: 10 }, (_, i) => `Awal ${i}`),
      'Awalan',
      'Awam',
      'Éclair',
      'Ézé',
      'Ê',
      'z\u{10FFFF}',
      'z\u{10FFFF}a',
      'za',
    ];
    await t.db.execute(sql`insert into phone_numbers (number, name)
      select '62875' || lpad(i::text, 8, '0'), ${TAG} || (${sql.param(names)}::text[])[i] from generate_series(1, ${names.length}) as i`);
    const name = sql`lower(${schema.phoneNumbers.name})`;
    for (const term of ['awal', 'awa', 'é', 'éz', 'z\u{10FFFF}', 'z', '']) {
      const start = `${TAG}${term}`;
      expect(await ids(startsWith(name, start)), start).toEqual(await ids(sql`${name} like ${`${start}%`}`));
    }
    // Where the planner guesses many rows begin so, it read `like 'nama 110%'` through the trigram index's
    // posting lists of 'nam' and 'ama', which every name holds: without the btrees the range has no index left.
    const { where, start } = await phoneWhere(t.db, `${TAG}awal`);
    expect(start).toBe(true);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`drop index phone_numbers_name_pattern_idx`);
        // The blocks' index holds the name too, under each block: a range of it reads every block.
        await tx.execute(sql`drop index phone_numbers_name_block_idx`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const plan = (await tx.execute(sql`explain select count(*) from phone_numbers where ${where}`)) as unknown as {
          rows: Record<string, unknown>[];
        };
        throw new Error(plan.rows.map((row) => String(Object.values(row)[0])).join('\n'));
      }),
    ).rejects.toThrow(/Seq Scan on phone_numbers/);
  });

  it("counts and probes a common start, a name's or a number's, in its index's order in one statement, never by a sequential scan", async () => {
    // Half the list begins so: the planner expects to find ten or a thousand soon in a sequential scan, which
    // under load starts where a concurrent one is (synchronize_seqscans) and may read the whole table.
    await t.db.execute(sql`insert into phone_numbers (number, name)
      select '62869' || lpad(i::text, 8, '0'), case when i % 2 = 0 then ${`${TAG}Serupa `} || i else 'Lain ' || i end
      from generate_series(1, 20000) as i`);
    await t.db.execute(sql`analyze phone_numbers`);
    const read: { query: string; params: unknown[] }[] = [];
    const db = drizzleNodePg((t.db as unknown as { $client: pg.Pool }).$client, {
      schema,
      logger: { logQuery: (query: string, params: unknown[]) => read.push({ query, params }) },
    }) as unknown as Db;
    const { meta } = await createPhoneNumberService(db).listPage({ page: 1, limit: 10, search: `${TAG}serupa` });
    expect(meta).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const starts = read.filter(({ query }) => /~>=~/.test(query) && !/^select m\.id/.test(query));
    // The probe (whether a page of names begins so) is the count to the cap: one walk of the start for both, in
    // the statement that reads the first keys past the cap.
    expect(starts).toHaveLength(1);
    const planOf = async ({ query, params }: { query: string; params: unknown[] }) =>
      (await pool.query(`explain ${query}`, params)).rows.map((row) => Object.values(row)[0]).join('\n');
    for (const statement of starts) {
      const plan = await planOf(statement);
      expect(plan, statement.query).toMatch(/Index Scan using phone_numbers_name_pattern_idx/);
      expect(plan, statement.query).not.toMatch(/Seq Scan/);
      // The first keys are walked once, for the keys kept and the page read by them alike.
      expect(plan.match(/Function Scan on generate_series/g), `${statement.query}\n${plan}`).toHaveLength(1);
    }
    // A number's start, which most numbers here share, is counted in the number's btree the same way.
    read.length = 0;
    await createPhoneNumberService(db).listPage({ page: 1, limit: 10, search: '62869' });
    const count = read.find(({ query }) => /count\(\*\)/.test(query));
    expect(count).toBeDefined();
    const plan = await planOf(count as (typeof read)[number]);
    expect(plan).toMatch(/Index (Only )?Scan using phone_numbers_number_unique/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("reads a common start's first matches block by block from the newest, with the version, exactly as OFFSET pages them through changes", async () => {
    // Matches in the oldest blocks, then two blocks' worth of newer numbers that do not match, then a few
    // newer matches: walking the id key read the 'Lain' before the older matches, and sorting read them all.
    await t.db.execute(sql`insert into phone_numbers (number, name)
      select '62874' || lpad(i::text, 8, '0'), ${`${TAG}Urut `} || i from generate_series(1, ${2 * SEARCH_COUNT_CAP}) as i`);
    // Every column a page shows, microseconds of a timestamp too, as a page read with its count carries them.
    await t.db.execute(sql`update phone_numbers set last_sent = now() - id * interval '1.000001 second',
      count_success = id % 7, count_fail = id % 3, in_use = id % 2 = 0, status = case when id % 5 = 0 then 'nonactive' else 'active' end
      where name like ${`${TAG}Urut %`} and id % 4 <> 0`);
    await t.db.execute(sql`insert into phone_numbers (number, name)
      select '62873' || lpad(i::text, 8, '0'), ${`${TAG}Lain `} || i from generate_series(1, ${2 * NAME_BLOCK}) as i`);
    await t.db.execute(sql`insert into phone_numbers (number, name)
      select '62872' || lpad(i::text, 8, '0'), ${`${TAG}Urut baru `} || i from generate_series(1, 7) as i`);
    const phones = createPhoneNumberService(logged());
    const term = `${TAG}urut`;
    const changes = [
      sql`select 1`,
      sql`insert into phone_numbers (number, name)
        select '62871' || lpad(i::text, 8, '0'), ${`${TAG}Urut lagi `} || i from generate_series(1, 30) as i`,
      sql`delete from phone_numbers where name like ${`${TAG}Urut%`} and id % 3 = 0`,
      // One 'Lain' among the newer blocks begins so now; some older matches no longer do.
      sql`update phone_numbers set name = ${`${TAG}Urut ganti`} where name = ${`${TAG}Lain 5000`}`,
      sql`update phone_numbers set name = 'x' || name where name like ${`${TAG}Urut 1_`}`,
    ];
    for (const change of changes) {
      await t.db.execute(change);
      const naive = (await ids(sql`lower(${schema.phoneNumbers.name}) like ${`${term}%`}`)).reverse();
      const total = Math.min(naive.length, SEARCH_COUNT_CAP);
      for (const [i, page] of [57, 1, 2, 100].entries()) {
        sent.length = 0;
        recording = true;
        const { data, meta } = await phones.listPage({ page, limit: 10, search: term }).finally(() => {
          recording = false;
        });
        expect(meta).toEqual({ page, limit: 10, total, totalPages: total / 10, capped: true });
        expect(data.map((row) => row.id)).toEqual(naive.slice((page - 1) * 10, page * 10));
        const byOffset = await t.db
          .select()
          .from(schema.phoneNumbers)
          .where(sql`lower(${schema.phoneNumbers.name}) like ${`${term}%`}`)
          .orderBy(desc(schema.phoneNumbers.id))
          .limit(10)
          .offset((page - 1) * 10);
        expect(data).toEqual(byOffset.map(toPublicPhoneNumber));
        // A page of a version not kept reads the first keys by blocks and sorts no more than a block's matches,
        // with the count and the page's rows, in one statement, no transaction (it took five round trips:
        // performance.md, "A search's first page through the server"). Asked for the first time, the search reads
        // only as many keys as its page reaches, and keeps none; asked again, its first keys and the version too,
        // kept, and the version's other pages read their rows by key, in one statement.
        // After a change the last version's keys are read once, found stale, and not read again.
        const byKey = expect.stringMatching(/ where "phone_numbers"\."id" in \(/);
        const withKeys = expect.stringMatching(
          /^select found\.total,\s+kept\.version,.*json_agg\(page\).*count\(\*\).* as version,.*array\(select m\.id from\s+generate_series\(.*cross join lateral/s,
        );
        const pageAlone = expect.stringMatching(
          /^select found\.total,\s+null as version,.*json_agg\(page\).*array\(select k\.key from \(select m\.id from\s+generate_series\(.*\) as k\(key\) offset .*count\(\*\).*\) as found\s*$/s,
        );
        if (change === changes[0] && i < 2) expect(sent).toEqual([i === 0 ? pageAlone : withKeys]);
        else if (i === 0) expect(sent).toEqual([byKey, withKeys]);
        else expect(sent).toEqual([byKey]);
        expect(sent.find(matchesRead)).toBeUndefined();
      }
    }
  });
});

describe("a phone name's first page", () => {
  it('is one statement prepared by its text, planned for each search', async () => {
    await t.db.execute(sql`insert into phone_numbers (number, name)
      select '62868' || lpad(i::text, 8, '0'), ${`${TAG}Siap `} || i from generate_series(1, 3000) as i`);
    // One connection, whose prepared statements are the ones its session lists.
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const one = new pg.Pool({ ...pool.options, max: 1 });
    try {
      const db = drizzleNodePg(one, { schema }) as unknown as Db;
      const list = { table: schema.phoneNumbers, keyset: { columns: [schema.phoneNumbers.id], desc: true } };
      const name = sql`lower(${schema.phoneNumbers.name})`;
      // Each past the cap: 3,000 names begin with 'siap', and 1,111 with 'siap 1' or 'siap 2'.
      for (const term of ['siap', 'siap 1', 'siap 2', 'siap', 'siap 1', 'siap 2', 'siap']) {
        const where = startsWith(name, `${TAG}${term}`);
        const counted = await countWithPage(
          db,
          { page: 2, limit: 10 },
          { ...list, where },
          patternOrder(name),
          (limit) => newestMatches(where, limit),
        );
        expect(counted.page?.rows).toHaveLength(10);
      }
      const prepared = (await db.execute(sql`select generic_plans, custom_plans from pg_prepared_statements
        where statement like 'select found.total,%'`)) as unknown as {
        rows: { generic_plans: string; custom_plans: string }[];
      };
      expect(prepared.rows.map((row) => [Number(row.generic_plans), Number(row.custom_plans)])).toEqual([[0, 7]]);
    } finally {
      await one.end();
    }
  });
});

describe('members and WhatsApp accounts', () => {
  it('count a search up to the cap, and members that begin with a term a page of times are searched so', async () => {
    await t.db.execute(sql`
      insert into users (firstname, lastname, email, password_hash, referral_code)
      select ${`${TAG}Warga`}, 'Ke ' || i, ${TAG} || '.' || i || '@example.com', 'x', ${TAG.slice(-4)} || lpad(i::text, 4, '0')
      from generate_series(1, 11) as i`);
    await t.db.execute(sql`
      insert into users (firstname, lastname, email, password_hash, referral_code)
      values ('Ibu', ${`Bu ${TAG}Warga`}, ${`${TAG}.ibu@example.com`}, 'x', ${`${TAG.slice(-4)}9999`})`);
    const path = '/api/admin/users/members-per-page';
    const starting = await list(path, `${TAG}warga`);
    expect(starting.data).toHaveLength(11);
    expect(starting.meta.capped).toBeUndefined();
    expect((await list(path, `${TAG}warga ke 1`)).data).toHaveLength(3);
    expect((await list(path, `${TAG.slice(1)}warga`)).data).toHaveLength(12);

    const owner = (await t.loginAs('member')).user.id;
    await t.db.execute(sql`
      insert into whatsapp_accounts (clientid, user_id, phonenumber, pushname)
      select ${TAG} || '-' || i, ${owner}, '62879' || lpad(i::text, 8, '0'), 'Toko ' || i
      from generate_series(1, ${SEARCH_COUNT_CAP + 1}) as i`);
    const accounts = await list('/api/admin/whatsapp/list-per-page', TAG, 10);
    expect(accounts.meta).toMatchObject({ total: SEARCH_COUNT_CAP, totalPages: SEARCH_COUNT_CAP / 10, capped: true });
  });
  it("reads a member search's later pages by the keys kept of its start, in one statement, exactly as OFFSET pages them", async () => {
    await t.db.execute(sql`
      insert into users (firstname, lastname, email, password_hash, referral_code, created_at)
      select ${`${TAG}Rekan`}, 'Ke ' || i, ${TAG} || '.rekan' || i || '@example.com', 'x', 'r' || ${TAG.slice(-3)} || lpad(i::text, 4, '0'),
             now() - (i % 500) * interval '1 minute'
      from generate_series(1, ${SEARCH_COUNT_CAP + 50}) as i`);
    const term = `${TAG}rekan`;
    const naive = async () =>
      (
        (await t.db.execute(sql`select id from users where role = 'member' and lower(firstname || ' ' || lastname) like ${`${term}%`}
          order by created_at desc, id desc limit ${SEARCH_COUNT_CAP}`)) as unknown as { rows: { id: number }[] }
      ).rows.map((row) => row.id);
    const changes = [
      sql`select 1`,
      sql`insert into users (firstname, lastname, email, password_hash, referral_code)
        values (${`${TAG}Rekan`}, 'Baru', ${`${TAG}.baru@example.com`}, 'x', ${`b${TAG.slice(-5)}`})`,
      sql`delete from users where firstname = ${`${TAG}Rekan`} and lastname like 'Ke 5_'`,
    ];
    for (const change of changes) {
      await t.db.execute(change);
      const expected = await naive();
      for (const [i, page] of [1, 3, 100, 42].entries()) {
        sent.length = 0;
        recording = true;
        const { data, meta } = await memberPage(logged(), { page, limit: 10, search: term }, (rows) => rows).finally(
          () => {
            recording = false;
          },
        );
        expect(meta).toEqual({
          page,
          limit: 10,
          total: SEARCH_COUNT_CAP,
          totalPages: SEARCH_COUNT_CAP / 10,
          capped: true,
        });
        expect(data.map((row) => row.id)).toEqual(expected.slice((page - 1) * 10, page * 10));
        // After the version's first page, no probe of the start and no count: the page by its kept keys alone.
        if (i > 0) expect(sent).toEqual([expect.stringMatching(/ where "users"\."id" in \(/)]);
        // The version's first page reads the keys with the version, as JSON.
        else
          expect(sent).toContainEqual(
            expect.stringMatching(/^select \(select .* as version, to_json\(array\(select "id" from "users"/s),
          );
      }
    }
  });
});
