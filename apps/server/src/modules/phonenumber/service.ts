/** Phone numbers: the list blasts go to, managed by admins and devs (spec part 2 §7, DESIGN §4, §6). */
import { pageMeta, type TPageQuery } from '@sewablast/contract/paging';
import {
  PHONE_LIST_LIMIT,
  PHONE_TEXT,
  phoneDigits,
  type TCountBlastResponse,
  type TPhoneNumber,
  type TPhonePageResponse,
} from '@sewablast/contract/phonenumber';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, asc, count, desc, eq, gt, inArray, like, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.ts';
import { phoneNumbers } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import {
  escapeLike,
  rareWords,
  STARTS_ENOUGH,
  SUBSTRING_FROM,
  searchPattern,
  startsEnough,
  startsWith,
} from '../../lib/like.ts';
import { type Counted, countRows, countUpTo, keptPaged, paged } from '../../lib/paging.ts';
import { createPhoneNumberImport } from './import.ts';

type PhoneRow = typeof phoneNumbers.$inferSelect;

/** The list's order, newest first, as a deep page seeks by it (lib/page-seek.ts). */
const BY_NEWEST = { columns: [phoneNumbers.id], desc: true };

export function toPublicPhoneNumber(row: PhoneRow): TPhoneNumber {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status as TPhoneNumber['status'],
    in_use: row.in_use ? 1 : 0,
    count_success: row.count_success,
    count_fail: row.count_fail,
    last_sent: row.last_sent?.toISOString() ?? null,
  };
}

/**
 * Digits anywhere in the number, or a name's part anywhere in it, ignoring case (lib/like.ts: trigram indexes
 * from three characters, the start below). Digits written as a number starts ('0857…' read as 62857…,
 * '+62…', or '62…' as every stored number begins) find the numbers that start so, on the number's btree: the
 * trigrams of 62… are in every number, and reading them was 30× the btree at a million numbers. This is the
 * search everywhere; the list's pages narrow a name's to its start when enough names start so (phoneWhere).
 */
export function phoneSearch(term: string | undefined): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  const digits = phoneDigits(text);
  if (digits && /^([0+]|62)/.test(text)) return like(phoneNumbers.number, `${escapeLike(digits)}%`);
  if (digits) return like(phoneNumbers.number, searchPattern(digits));
  return sql`lower(${phoneNumbers.name}) like ${searchPattern(text.toLowerCase())}`;
}

const NAME = sql`lower(${phoneNumbers.name})`;

/**
 * The list's search: a name's start when at least STARTS_ENOUGH names begin with the term (`start`), else
 * phoneSearch. A name's search of several words some of which most names share ('nama 123457') asks the
 * trigram index for the rare words only and checks the whole term on the rows it finds (lib/like.ts
 * rareWords): the same rows.
 */
export async function phoneWhere(
  db: Db,
  term: string | undefined,
): Promise<{ where: SQL | undefined; start: boolean }> {
  const text = term?.trim();
  if (!text || phoneDigits(text) || [...text].length < SUBSTRING_FROM)
    return { where: phoneSearch(text), start: false };
  const name = text.toLowerCase();
  const starts = startsWith(NAME, name);
  if (await startsEnough(db, phoneNumbers, starts)) return { where: starts, start: true };
  const words = [...new Set(name.split(/\s+/))].filter((word) => [...word].length >= SUBSTRING_FROM);
  const rare = words.length > 1 ? await rareWords(db, phoneNumbers, NAME, words) : [];
  if (rare.length === 0 || rare.length === words.length) return { where: phoneSearch(text), start: false };
  // `|| ''` keeps the whole term off the index: there it would add the shared words' trigrams back.
  const where = and(
    ...rare.map((word) => sql`${NAME} like ${`%${escapeLike(word)}%`}`),
    sql`(${NAME} || '') like ${searchPattern(name)}`,
  );
  return { where, start: false };
}

/**
 * Rows of the newest a name's start may walk per row its page needs, before its matches are sorted instead:
 * the walk is taken when at least one number in WALK_PER_ROW of the newest matches, so that it reads at most
 * WALK_PER_ROW rows per row shown; where fewer match, the matches are under one in WALK_PER_ROW of the list
 * (once they are past SEARCH_COUNT_CAP), or lie among older numbers, and sorting them reads less.
 */
export const WALK_PER_ROW = 100;
/** The most of the newest numbers a start's page reads to decide (page 100 of 10 rows needs 1,000 rows). */
export const NEWEST_WALKED = 20_000;

/**
 * A search's matches counted up to SEARCH_COUNT_CAP, and whether its page walks the id key from the newest
 * (`walk`) rather than sorting the matches. A substring's search walks once its count passes the cap. A
 * name's start past the cap walks only when the newest numbers hold its page densely enough (newestHold),
 * and the walk stops within them; otherwise its matches lie among older numbers (an import's 'Pelanggan 1' …
 * begin together), where the walk read 889,000 rows (2.1 s) for 1,111 matches, and the sort reads the
 * matches alone.
 */
export async function countPhoneMatches(
  db: Db,
  where: SQL | undefined,
  start: boolean,
  query: TPageQuery,
): Promise<Counted & { walk: boolean }> {
  const counted = await countUpTo(db, phoneNumbers, where);
  if (!counted.capped) return { ...counted, walk: false };
  if (!start) return { ...counted, walk: true };
  const meta = pageMeta(query, counted.total, counted.capped);
  return { ...counted, walk: await newestHold(db, where, meta.page * meta.limit) };
}

/**
 * Whether `needed` of the newest `needed` × WALK_PER_ROW numbers (NEWEST_WALKED at most) match `where`: a count
 * that stops as soon as they do. They are read on the key alone, under the list's own name so that `where`
 * reads them: given `where` beside the key, the planner may read every match through the name's index again.
 */
async function newestHold(db: Db, where: SQL | undefined, needed: number): Promise<boolean> {
  const newest = Math.min(NEWEST_WALKED, needed * WALK_PER_ROW);
  const result = (await db.execute(sql`select count(*)::int as found from (
      select 1 from (select * from ${phoneNumbers} order by ${phoneNumbers.id} desc limit ${newest})
        as ${phoneNumbers}
      where ${where ?? sql`true`} limit ${needed}) as held`)) as unknown as { rows: { found: number }[] };
  return (result.rows[0]?.found ?? 0) >= needed;
}

export function createPhoneNumberService(db: Db) {
  async function mustFind(id: number): Promise<PhoneRow> {
    const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, id));
    if (!row) throw notFound(SERVER_TEXT.notFound);
    return row;
  }

  const taken = () => conflict(PHONE_TEXT.taken, { number: PHONE_TEXT.taken });

  const countNumbers = (where: SQL | undefined) => countRows(db, phoneNumbers, where);

  const imports = createPhoneNumberImport(db);

  const presentAll = (rows: PhoneRow[]) => rows.map(toPublicPhoneNumber);

  /**
   * A name's start read by the keys its list keeps (lib/paging.ts `keptPaged`), in one statement: kept keys of
   * the current version that are at least STARTS_ENOUGH answer phoneWhere's probe (`startsEnough`) for that
   * version, so the probe, a statement of its own, is left out. Undefined otherwise, and the page is read as
   * phoneWhere decides.
   */
  async function keptStartPage(query: TPageQuery): Promise<TPhonePageResponse | undefined> {
    const text = query.search?.trim();
    if (!text || phoneDigits(text) || [...text].length < SUBSTRING_FROM) return undefined;
    const where = startsWith(NAME, text.toLowerCase());
    const source = { table: phoneNumbers, where, orderBy: [desc(phoneNumbers.id)], keyset: BY_NEWEST };
    return keptPaged(db, query, source, presentAll, STARTS_ENOUGH);
  }

  return {
    async list(after = 0): Promise<TPhoneNumber[]> {
      const rows = await db
        .select()
        .from(phoneNumbers)
        .where(gt(phoneNumbers.id, after))
        .orderBy(asc(phoneNumbers.id))
        .limit(PHONE_LIST_LIMIT);
      return rows.map(toPublicPhoneNumber);
    },

    async listPage(query: TPageQuery): Promise<TPhonePageResponse> {
      const kept = await keptStartPage(query);
      if (kept) return kept;
      const { where, start } = await phoneWhere(db, query.search);
      // A narrow search reads its matches through the search index and sorts them (`id + 0` keeps the planner
      // off the primary key): guessing how matches spread over ids, it may otherwise walk the key backwards
      // through most of the table to fill one page. The count (and for a name's start, where the newest
      // matches lie) says which way is cheap, and is read first.
      let walk = false;
      const count = where
        ? async (matching: SQL | undefined): Promise<Counted> => {
            const counted = await countPhoneMatches(db, matching, start, query);
            walk = counted.walk;
            return counted;
          }
        : undefined;
      const orderBy = () => [desc(where && !walk ? sql`${phoneNumbers.id} + 0` : phoneNumbers.id)];
      return paged(db, query, { table: phoneNumbers, where, orderBy, count, keyset: BY_NEWEST }, presentAll);
    },

    /** The first `limit` active numbers by id, and how many are active in all. */
    async active(limit: number): Promise<{ numbers: string[]; total: number }> {
      const active = eq(phoneNumbers.status, 'active');
      const rows = await db
        .select({ number: phoneNumbers.number })
        .from(phoneNumbers)
        .where(active)
        .orderBy(phoneNumbers.id)
        .limit(limit + 1);
      const total = rows.length > limit ? await countNumbers(active) : rows.length;
      return { numbers: rows.slice(0, limit).map((row) => row.number), total };
    },

    /** The names of those of `numbers` that are on the list. */
    async namesOf(numbers: string[]): Promise<Map<string, string>> {
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ number: phoneNumbers.number, name: phoneNumbers.name })
        .from(phoneNumbers)
        .where(inArray(phoneNumbers.number, numbers));
      return new Map(rows.map((row) => [row.number, row.name]));
    },

    async detail(id: number): Promise<TPhoneNumber> {
      return toPublicPhoneNumber(await mustFind(id));
    },

    async create(values: { number: string; name: string }): Promise<TPhoneNumber> {
      const [row] = await db
        .insert(phoneNumbers)
        .values({ ...values, source: 'manual' })
        .onConflictDoNothing({ target: phoneNumbers.number })
        .returning();
      if (!row) throw taken();
      return toPublicPhoneNumber(row);
    },

    async update(
      id: number,
      values: { number?: string; name?: string; status?: 'active' | 'nonactive' },
    ): Promise<TPhoneNumber> {
      const current = await mustFind(id);
      if (Object.keys(values).length === 0) return toPublicPhoneNumber(current);
      try {
        const [row] = await db.update(phoneNumbers).set(values).where(eq(phoneNumbers.id, id)).returning();
        if (!row) throw notFound(SERVER_TEXT.notFound);
        return toPublicPhoneNumber(row);
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw taken();
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      const deleted = await db.delete(phoneNumbers).where(eq(phoneNumbers.id, id)).returning({ id: phoneNumbers.id });
      if (deleted.length === 0) throw notFound(SERVER_TEXT.notFound);
    },

    async countBlast(): Promise<TCountBlastResponse> {
      const [row] = await db.select({ all: count(), blasted: count(phoneNumbers.last_sent) }).from(phoneNumbers);
      const all = row?.all ?? 0;
      const blasted = row?.blasted ?? 0;
      return { blasted, unBlasted: all - blasted };
    },

    importFile: imports.importFile,
    skippedPart: imports.skippedPart,
  };
}

export type PhoneNumberService = ReturnType<typeof createPhoneNumberService>;
