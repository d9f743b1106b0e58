// Member search at MEMBERS members (100,000): 'Daftar Member' pages (count + page + income and accounts) and
// the bonus form's picker, searched by the start of a full name, a last name and an email through the
// service, beside the naive way ('%term%' ILIKE on each column) in the same run; then the picker and the
// spec's `members` list with nothing typed, on PostgreSQL (DATABASE_URL, TEST_DATABASE_URL's server or an
// embedded one of its own: lib/database.mjs); EXPLAIN shows which indexes each search uses, and whether the unsearched picker reads the name index in order or sorts every member.
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema.ts';
import { escapeLike } from '../apps/server/src/lib/like.ts';
import { createLevelService } from '../apps/server/src/modules/level/service.ts';
import { createSettingService } from '../apps/server/src/modules/setting/service.ts';
import { createMemberService, membersByName } from '../apps/server/src/modules/users/members.ts';
import { memberSearch } from '../apps/server/src/modules/users/names.ts';
import { seed } from '../apps/server/src/seed.ts';
import { benchDatabase } from './lib/database.mjs';
import { quantile } from './lib/server.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 100);
const BUDGET_MS = 20;
const FIRST = ['budi', 'siti', 'agus', 'dewi', 'eko', 'rina', 'andi', 'putri', 'joko', 'sri', 'hadi', 'lina'];
const LAST = ['santoso', 'wijaya', 'rahma', 'saputra', 'hidayat', 'lestari', 'nugroho', 'kusuma', 'pratama'];
/** Member i's first and last name, as `fill` writes them. */
const nameOf = (i) => [FIRST[i % FIRST.length], `${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`];
// Full names, a last name and an email, common and rare: the searches an operator types.
const TERMS = ['budi san', 'kusu', nameOf(777).join(' '), `${nameOf(12_345).join('.').replace(' ', '')}@`];

async function fill(db) {
  await seed(db, { adminEmail: 'bench@dev.local', adminPassword: 'benchpass1', demo: false });
  const started = performance.now();
  for (let from = 1; from <= MEMBERS; from += 20_000) {
    const to = Math.min(MEMBERS, from + 19_999);
    await db.execute(sql`
      insert into users (firstname, lastname, email, password_hash, role, referral_code, created_at)
      select initcap((${sql.raw(`array['${FIRST.join("','")}']`)})[1 + i % ${FIRST.length}]),
             initcap((${sql.raw(`array['${LAST.join("','")}']`)})[1 + (i / ${FIRST.length}) % ${LAST.length}]) || ' ' || i,
             (${sql.raw(`array['${FIRST.join("','")}']`)})[1 + i % ${FIRST.length}] || '.' ||
               (${sql.raw(`array['${LAST.join("','")}']`)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || i || '@example.com',
             'x', 'member', 'B' || lpad(to_hex(i), 7, '0'), now() - make_interval(secs => i)
      from generate_series(${from}::int, ${to}::int) as i`);
  }
  await db.execute(sql`analyze users`);
  return performance.now() - started;
}

/** The way a list would be written without the indexes: a substring anywhere in each column. */
async function naivePage(db, term) {
  const pattern = `%${escapeLike(term)}%`;
  const where = and(
    eq(users.role, 'member'),
    or(ilike(users.firstname, pattern), ilike(users.lastname, pattern), ilike(users.email, pattern)),
  );
  await db.select({ total: count() }).from(users).where(where);
  return db.select().from(users).where(where).orderBy(desc(users.created_at), desc(users.id)).limit(10);
}

async function timed(work) {
  const latencies = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work(round);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return `p50 ${quantile(latencies, 0.5)} ms / p99 ${quantile(latencies, 0.99)} ms`;
}

/** The indexes a search's plan reads, by name. */
async function indexesUsed(db, term) {
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'member'), memberSearch(term)));
  const { rows } = await db.execute(sql`explain ${query.getSQL()}`);
  const plan = rows.map((row) => Object.values(row)[0]).join('\n');
  return [...new Set(plan.match(/users_\w+_idx/g) ?? [])].join(', ') || 'none (sequential scan)';
}

/** The picker's plan with nothing typed: an index read in name order, or a sort of every member. */
async function emptyPickerPlan(db) {
  const { rows } = await db.execute(sql`explain ${membersByName(db, undefined, 20).getSQL()}`);
  const plan = rows.map((row) => Object.values(row)[0]).join('\n');
  const index = plan.match(/Index Scan using (users_\w+_idx)/)?.[1];
  return index ? `reads ${index} in name order` : 'sorts every member';
}

async function measure(label, database) {
  const { db } = database;
  await database.migrate();
  const fillMs = await fill(db);
  const members = createMemberService(db, createLevelService(db, createSettingService(db)));
  console.log(`\n### ${label}: ${MEMBERS} members written in ${(fillMs / 1000).toFixed(1)} s; ${ROUNDS} rounds each`);
  console.log(`budget: a searched page p99 under ${BUDGET_MS} ms (DESIGN §10, PostgreSQL), ahead of the naive way`);
  for (const term of TERMS) {
    const found = (await members.page({ page: 1, limit: 10, search: term })).meta.total;
    console.log(`'${term}' (${found} matches), indexes: ${await indexesUsed(db, term)}`);
    console.log(`  members-per-page  ${await timed(() => members.page({ page: 1, limit: 10, search: term }))}`);
    console.log(`  member-options    ${await timed(() => members.options({ search: term }))}`);
    console.log(`  naive %term%      ${await timed(() => naivePage(db, term))}`);
  }
  console.log(`picker, nothing typed (${await emptyPickerPlan(db)})`);
  console.log(`  member-options    ${await timed(() => members.options({}))}`);
  console.log(`  members (100)     ${await timed(() => members.list({}))}`);
  console.log(`unsearched page     ${await timed((round) => members.page({ page: 1 + round, limit: 10 }))}`);
  console.log(`status online page  ${await timed(() => members.page({ page: 1, limit: 10, status: 'online' }))}`);
}

const { database, label, close } = await benchDatabase();
try {
  await measure(label, database);
} finally {
  await close();
}
