// Substring search at ROWS phone numbers (1,000,000; issue 24 item 15): 'Daftar Phone Number' pages (the
// count and one page, through the service) searched by a word inside a name, by digits inside a number and
// by one or two characters (the start, on the btree), each beside the naive `ILIKE '%term%'` on the same
// table with the planner kept off every index (a sequential scan: what the search cost without the trigram
// indexes), with the indexes EXPLAIN shows. On the PostgreSQL of DATABASE_URL (an empty database, as
// `npm run bench` gives), a scratch database on TEST_DATABASE_URL's server, or an embedded one of its own
// (lib/database.mjs).
import { count, desc, sql } from 'drizzle-orm';
import { phoneNumbers } from '../apps/server/src/db/schema.ts';
import { escapeLike } from '../apps/server/src/lib/like.ts';
import { createPhoneNumberService, phoneSearch } from '../apps/server/src/modules/phonenumber/service.ts';
import { benchDatabase } from './lib/database.mjs';
import { quantile } from './lib/server.mjs';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.ROUNDS ?? 100);
const NAIVE_ROUNDS = Number(process.env.NAIVE_ROUNDS ?? 10);
const BUDGET_MS = 50;
const FIRST = ['budi', 'siti', 'agus', 'dewi', 'eko', 'rina', 'andi', 'putri', 'joko', 'sri', 'hadi', 'lina'];
const LAST = ['santoso', 'wijaya', 'rahma', 'saputra', 'hidayat', 'lestari', 'nugroho', 'kusuma', 'pratama'];
/** What an operator types: a word inside one name in a thousand, a common last name, digits inside numbers. */
const TERMS = ['Import', 'yu imp', 'nugroho', '77123456', '4567', '0812-34', 'Ay'];

/** ROWS numbers of 13 digits, random after 628; one name in a thousand is 'Ayu Import …'. */
async function fill(db) {
  const started = performance.now();
  for (let from = 1; from <= ROWS; from += 100_000) {
    const to = Math.min(ROWS, from + 99_999);
    await db.execute(sql`
      insert into phone_numbers (number, name, source)
      select '628' || lpad((floor(random() * 1e10))::bigint::text, 10, '0'),
             case when i % 1000 = 0 then 'Ayu Import ' || i
                  else initcap((${sql.raw(`array['${FIRST.join("','")}']`)})[1 + i % ${FIRST.length}]) || ' ' ||
                       initcap((${sql.raw(`array['${LAST.join("','")}']`)})[1 + (i / ${FIRST.length}) % ${LAST.length}]) end,
             'import'
      from generate_series(${from}::int, ${to}::int) as i
      on conflict do nothing`);
  }
  // As an import leaves the table: analysed, the trigram indexes' pending lists merged.
  await db.execute(sql`analyze phone_numbers`);
  await db.execute(
    sql`select gin_clean_pending_list('phone_numbers_number_trgm_idx'), gin_clean_pending_list('phone_numbers_name_trgm_idx')`,
  );
  return performance.now() - started;
}

/** The same search as a plain substring ILIKE, read without any index: the cost the trigram indexes save. */
function naivePage(db, term) {
  const pattern = `%${escapeLike(term)}%`;
  const where = sql`${phoneNumbers.number} ilike ${pattern} or ${phoneNumbers.name} ilike ${pattern}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.select({ total: count() }).from(phoneNumbers).where(where);
    return tx.select().from(phoneNumbers).where(where).orderBy(desc(phoneNumbers.id)).limit(10);
  });
}

async function timed(rounds, work) {
  const latencies = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await work(round);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return `p50 ${quantile(latencies, 0.5).padStart(7)} ms / p99 ${quantile(latencies, 0.99).padStart(7)} ms`;
}

/** The indexes the count's plan reads, by name. */
async function indexesUsed(db, term) {
  const query = db.select({ total: count() }).from(phoneNumbers).where(phoneSearch(term));
  const { rows } = await db.execute(sql`explain ${query.getSQL()}`);
  const plan = rows.map((row) => Object.values(row)[0]).join('\n');
  return [...new Set(plan.match(/phone_numbers_\w+/g) ?? [])].join(', ') || 'none (sequential scan)';
}

async function measure(label, database) {
  const { db } = database;
  await database.migrate();
  const fillMs = await fill(db);
  const phones = createPhoneNumberService(db);
  const total = (await phones.listPage({ page: 1, limit: 10 })).meta.total;
  console.log(`\n### ${label}: ${total} numbers written in ${(fillMs / 1000).toFixed(1)} s (with every index)`);
  console.log(`${ROUNDS} rounds each of a searched page (count + page 1), naive ${NAIVE_ROUNDS} rounds;`);
  console.log(`budget: p99 under ${BUDGET_MS} ms (issue 21, PostgreSQL)`);
  for (const term of TERMS) {
    const found = (await phones.listPage({ page: 1, limit: 10, search: term })).meta.total;
    console.log(`'${term}' (${found} matches), indexes: ${await indexesUsed(db, term)}`);
    console.log(`  searched page  ${await timed(ROUNDS, () => phones.listPage({ page: 1, limit: 10, search: term }))}`);
    console.log(`  naive %term%   ${await timed(NAIVE_ROUNDS, () => naivePage(db, term))}`);
  }
}

const { database, label, close } = await benchDatabase();
try {
  await measure(label, database);
} finally {
  await close();
}
