/** Phone numbers: the list blasts go to, managed by admins and devs (spec part 2 §7, DESIGN §4, §6). */
import { SEARCH_COUNT_CAP, type TPageQuery } from '@sewablast/contract/paging';
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
  patternOrder,
  rareWords,
  STARTS_ENOUGH,
  SUBSTRING_FROM,
  searchPattern,
  startsEnough,
  startsWith,
} from '../../lib/like.ts';
import { type Counted, countRows, countUpTo, keptPaged, paged } from '../../lib/paging.ts';
import { countWithPage } from '../../lib/search-page.ts';
import { createPhoneNumberImport } from './import.ts';
import { newestMatches } from './name-blocks.ts';

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
const BY_NAME = patternOrder(NAME);

/**
 * The order a search's count to the cap walks (lib/like.ts `patternOrder`): a start's, in its btree, whatever
 * share of the list the planner expects it in (a name's start is counted by phoneWhere, in BY_NAME); none for a
 * search found anywhere.
 */
function countOrder(term: string | undefined): SQL | undefined {
  const text = term?.trim() ?? '';
  return phoneDigits(text) && /^([0+]|62)/.test(text) ? patternOrder(sql`${phoneNumbers.number}`) : undefined;
}

/**
 * The list's search: a name's start when at least STARTS_ENOUGH names begin with the term (`start`), else
 * phoneSearch. A name's search of several words some of which most names share ('nama 123457') asks the
 * trigram index for the rare words only and checks the whole term on the rows it finds (lib/like.ts
 * rareWords): the same rows. With `counting` (the page asked), the probe counts the start's names to the cap
 * instead, walking the same index in the same order, and a start answers that count (`counted`): the page's count
 * next would read those names again, one statement more for each page of a name's search (docs/performance.md, "A
 * search's first page through the server"). Past the cap the same statement reads the start's first keys, newest
 * first, with the list's version and the page (`countWithPage`).
 */
export async function phoneWhere(
  db: Db,
  term: string | undefined,
  counting?: { page: number; limit: number },
): Promise<{ where: SQL | undefined; start: boolean; counted?: Counted }> {
  const text = term?.trim();
  if (!text || phoneDigits(text) || [...text].length < SUBSTRING_FROM)
    return { where: phoneSearch(text), start: false };
  const name = text.toLowerCase();
  const starts = startsWith(NAME, name);
  if (counting) {
    const list = { table: phoneNumbers, where: starts, keyset: BY_NEWEST };
    const counted = await countWithPage(db, counting, list, BY_NAME, (limit) => newestMatches(starts, limit));
    if (counted.total >= STARTS_ENOUGH) return { where: starts, start: true, counted };
  } else if (await startsEnough(db, phoneNumbers, starts, BY_NAME)) return { where: starts, start: true };
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
      const { where, start, counted } = await phoneWhere(db, query.search, query);
      const count = where
        ? async (matching: SQL | undefined) =>
            counted ?? countUpTo(db, phoneNumbers, matching, SEARCH_COUNT_CAP, countOrder(query.search))
        : undefined;
      // Past the count's cap (total Infinity) a page reads the first matches' keys: a name's start block by
      // block from the newest (name-blocks.ts), any other search walking the id key, which at over 1,000
      // matches finds them soon enough. Below it the matches are read through the search's index and sorted
      // (`id + 0` keeps the planner off the primary key, which it may otherwise walk backwards through most of
      // the table to fill one page, guessing how the few matches spread over ids).
      const orderBy = (total: number) => [
        desc(where && Number.isFinite(total) ? sql`${phoneNumbers.id} + 0` : phoneNumbers.id),
      ];
      const firstKeys = where && start ? (limit: number) => newestMatches(where, limit) : undefined;
      const source = { table: phoneNumbers, where, orderBy, count, firstKeys, keyset: BY_NEWEST };
      return paged(db, query, source, presentAll);
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
