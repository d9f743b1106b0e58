/** Phone numbers: the list blasts go to, managed by admins and devs (spec part 2 §7, DESIGN §4, §6). */
import type { Readable } from 'node:stream';
import { pageMeta, type TPageQuery } from '@sewablast/contract/paging';
import {
  normalisePhoneNumber,
  PHONE_LIST_LIMIT,
  PHONE_SKIP_REASONS,
  PHONE_TEXT,
  SKIPPED_NUMBER_MAX,
  type TCountBlastResponse,
  type TPhoneImportResponse,
  type TPhoneNumber,
  type TPhonePageResponse,
  type TPhoneSkippedResponse,
  type TSkippedNumber,
} from '@sewablast/contract/phonenumber';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { asc, count, desc, eq, gt, like, type SQL, sql } from 'drizzle-orm';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.ts';
import { phoneNumbers } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { echoOf, hasControlCharacters, type ImportRow, readImportRows } from '../../lib/import-rows.ts';
import { escapeLike } from '../../lib/like.ts';
import { createImportReports } from '../file/import-report.ts';

type PhoneRow = typeof phoneNumbers.$inferSelect;

const BATCH = 1000;
/** Skipped rows held out of file order at most: past this the open batch is written so that they can go. */
const HOLD = 10_000;
/** Up to this many matches, a searched page is sorted from the matches rather than read along the id index. */
const SORT_MATCHES_UP_TO = 20_000;
/** How long the unsearched list's total is reused: counting a million rows takes 50 ms here on PostgreSQL. */
const TOTAL_REUSE_MS = 5_000;
const NUMBER_HEADERS = ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'no_hp'];
const NAME_HEADERS = ['name', 'nama'];

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

/** A number prefix (a leading 0 read as 62) on the number's index, or a name prefix on lower(name)'s. */
export function phoneSearch(term: string | undefined): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  const digits = text.replace(/[\s\-.()+]/g, '');
  if (/^\d+$/.test(digits)) {
    const prefix = digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
    return like(phoneNumbers.number, `${escapeLike(prefix)}%`);
  }
  return sql`lower(${phoneNumbers.name}) like ${`${escapeLike(text.toLowerCase())}%`}`;
}

/** A skipped row as a report keeps it: number and name as echoed, and where its reason is in PHONE_SKIP_REASONS. */
type SkippedRow = [number: string, name: string, reason: number];
const INVALID = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.invalid);
const DUPLICATE_IN_FILE = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.duplicateInFile);
const TAKEN = PHONE_SKIP_REASONS.indexOf(PHONE_TEXT.taken);

function toSkipped([number, name, reason]: SkippedRow): TSkippedNumber {
  return { number, name, reason: PHONE_SKIP_REASONS[reason] ?? PHONE_TEXT.invalid };
}

function rawOf(row: ImportRow, columns: { number: number; name: number }): { number: string; name: string } {
  if (row.kind === 'cells') return { number: row.cells[columns.number] ?? '', name: row.cells[columns.name] ?? '' };
  const item = row.item as { number?: unknown; name?: unknown } | null;
  const number = typeof item?.number === 'string' || typeof item?.number === 'number' ? String(item.number) : '';
  return { number, name: typeof item?.name === 'string' ? item.name : '' };
}

export function createPhoneNumberService(db: Db) {
  const reports = createImportReports(db, 'phonenumber');

  async function mustFind(id: number): Promise<PhoneRow> {
    const [row] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, id));
    if (!row) throw notFound(SERVER_TEXT.notFound);
    return row;
  }

  const taken = () => conflict(PHONE_TEXT.taken, { number: PHONE_TEXT.taken });

  async function countRows(where: SQL | undefined): Promise<number> {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(phoneNumbers).where(where);
    return total;
  }

  // Paging through the whole list would count every row for every page, and pages asked at once would each
  // count: they share one count instead. Once it is TOTAL_REUSE_MS old, the next page still answers with it
  // while a fresh count runs, so that no page waits on a count but the first after a change. Changes made
  // here forget it at once; other writers (another process, the engine) show within about TOTAL_REUSE_MS.
  let everyRow: { total: Promise<number>; until: number; refresh?: Promise<number> } | undefined;
  function totalOf(where: SQL | undefined): Promise<number> {
    if (where) return countRows(where);
    const current = everyRow;
    if (!current) {
      const total = countRows(undefined);
      const counted = { total, until: Date.now() + TOTAL_REUSE_MS };
      everyRow = counted;
      total.catch(() => {
        if (everyRow === counted) everyRow = undefined;
      });
      return total;
    }
    if (current.until <= Date.now() && !current.refresh) {
      const refresh = countRows(undefined);
      current.refresh = refresh;
      refresh.then(
        () => {
          if (everyRow === current) everyRow = { total: refresh, until: Date.now() + TOTAL_REUSE_MS };
        },
        () => {
          current.refresh = undefined;
        },
      );
    }
    return current.total;
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
      const where = phoneSearch(query.search);
      const total = await totalOf(where);
      const offset = (query.page - 1) * query.limit;
      if (offset >= total) return { data: [], meta: pageMeta(query, total) };
      // A narrow search reads its matches through the search index and sorts them (`id + 0` keeps the planner
      // off the primary key): guessing how matches spread over ids, it may otherwise walk the key backwards
      // through most of the table to fill one page. The exact count in hand says which way is cheap.
      const order = where && total <= SORT_MATCHES_UP_TO ? sql`${phoneNumbers.id} + 0` : phoneNumbers.id;
      const rows = await db
        .select()
        .from(phoneNumbers)
        .where(where)
        .orderBy(desc(order))
        .limit(query.limit)
        .offset(offset);
      return { data: rows.map(toPublicPhoneNumber), meta: pageMeta(query, total) };
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
      everyRow = undefined;
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
      everyRow = undefined;
    },

    async countBlast(): Promise<TCountBlastResponse> {
      const [row] = await db.select({ all: count(), blasted: count(phoneNumbers.last_sent) }).from(phoneNumbers);
      const all = row?.all ?? 0;
      const blasted = row?.blasted ?? 0;
      return { blasted, unBlasted: all - blasted };
    },

    /**
     * A CSV (`number,name`, header optional, extra columns ignored) or JSON (`[{number, name}]`) file,
     * written in batches as it streams in. A bad row is skipped with its reason; it never fails the file.
     * The answer carries the first skipped rows; all of them are the importer's report (`skippedPart`).
     */
    async importFile(actor: Actor, stream: Readable): Promise<TPhoneImportResponse> {
      const report = reports.begin<SkippedRow>(actor.id);
      let line = 0;
      const seen = new Set<number>();
      let created = 0;
      let batch: { number: string; name: string; raw: string; line: number }[] = [];
      let columns = { number: 0, name: 1 };
      let first = true;

      const flush = async () => {
        if (batch.length === 0) return;
        const rows = batch;
        batch = [];
        // Two array parameters instead of three per row: building and planning a 3000-parameter insert cost
        // more than writing it (DESIGN §10 gives a million rows 20 s).
        const batchInsert = db.$with('inserted', { number: sql<string>`number`.as('number') }).as(
          sql`insert into ${phoneNumbers} (number, name, source)
            select number, name, 'import'
            from unnest(${sql.param(rows.map((row) => row.number))}::varchar[],
                        ${sql.param(rows.map((row) => row.name))}::varchar[]) as batch(number, name)
            on conflict (number) do nothing
            returning number`,
        );
        const inserted = await db.with(batchInsert).select({ number: batchInsert.number }).from(batchInsert);
        created += inserted.length;
        if (inserted.length > 0) everyRow = undefined;
        const written = new Set(inserted.map((row) => row.number));
        for (const row of rows) {
          if (!written.has(row.number)) report.skip(row.line, [row.raw, row.name, TAKEN]);
        }
      };

      // One batch is written while the next is read: the database and the parsing each keep a core busy. A
      // batch's refusals arrive after later rows were read, so the report holds rows until the batches
      // before them are written.
      let writing: Promise<void> = Promise.resolve();
      const writeBatch = async () => {
        await writing;
        await report.settle(batch[0]?.line ?? line + 1);
        writing = flush();
        // Its failure is taken up by the next await of it; until then it must not count as unhandled.
        writing.catch(() => {});
      };

      try {
        for await (const row of readImportRows(stream)) {
          if (first && row.kind === 'cells') {
            first = false;
            // Only a line naming a known column is a header: any other first line is data, reported if bad.
            const header = row.cells.map((cell) => cell.toLowerCase());
            const number = header.findIndex((cell) => NUMBER_HEADERS.includes(cell));
            const name = header.findIndex((cell) => NAME_HEADERS.includes(cell));
            if (number >= 0 || name >= 0) {
              columns = { number: Math.max(number, 0), name: name >= 0 ? name : 1 };
              continue;
            }
          }
          first = false;
          line++;
          const raw = rawOf(row, columns);
          const rawNumber = raw.number.trim();
          const rawName = raw.name.trim();
          const shown = echoOf(rawNumber, SKIPPED_NUMBER_MAX);
          const number = normalisePhoneNumber(rawNumber);
          // A control character (a NUL above all) is no part of a name or number, and cannot even be stored.
          if (!number || hasControlCharacters(rawNumber) || hasControlCharacters(rawName)) {
            report.skip(line, [shown, echoOf(rawName, 200), INVALID]);
          } else if (seen.has(Number(number))) {
            report.skip(line, [shown, rawName.slice(0, 200), DUPLICATE_IN_FILE]);
          } else {
            seen.add(Number(number));
            batch.push({ number, name: rawName.slice(0, 200), raw: shown, line });
          }
          if (batch.length >= BATCH || report.held >= HOLD) await writeBatch();
        }
        await writeBatch();
        await writing;
        // PGlite runs no autovacuum: without fresh statistics the planner meets a large import with plans that
        // scan the whole table for a searched page. On PostgreSQL it spares the wait for autovacuum.
        if (created > 0) await db.execute(sql`analyze ${phoneNumbers}`);
        const result = await report.finish();
        return { created, ...result, skipped: result.skipped.map(toSkipped) };
      } catch (error) {
        // The import's own failure is the one to answer, even if its report cannot be removed.
        await report.abort().catch(() => {});
        throw error;
      }
    },

    /** Part `part` of the importer's own report; anyone else's, or none, is not found. */
    async skippedPart(actor: Actor, reportId: number, part: number): Promise<TPhoneSkippedResponse> {
      const found = await reports.part<SkippedRow>(actor.id, reportId, part);
      if (!found) throw notFound(SERVER_TEXT.notFound);
      return { list: found.rows.map(toSkipped), next: found.next };
    },
  };
}

export type PhoneNumberService = ReturnType<typeof createPhoneNumberService>;
