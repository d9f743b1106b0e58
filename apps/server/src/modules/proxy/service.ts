/** Proxies the sessions connect through, managed by admins and devs (spec part 2 §7, DESIGN §5.8). */
import type { Readable } from 'node:stream';
import type { TPageQuery } from '@sewablast/contract/paging';
import {
  isValidProxy,
  PROXY_LIST_LIMIT,
  PROXY_SKIP_REASONS,
  PROXY_TEXT,
  PROXY_VALUE_MAX,
  type TCountUseResponse,
  type TProxy,
  type TProxyImportResponse,
  type TProxyPageResponse,
  type TProxySkippedResponse,
  type TSkippedProxy,
} from '@sewablast/contract/proxy';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.ts';
import { proxies } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { echoOf, hasControlCharacters, readImportRows } from '../../lib/import-rows.ts';
import { escapeLike } from '../../lib/like.ts';
import { paged } from '../../lib/paging.ts';
import { createImportReports } from '../file/import-report.ts';

type ProxyRow = typeof proxies.$inferSelect;

const BATCH = 1000;
/** Skipped rows held at most before the open batch is written so that they can go to the report. */
const HOLD = 10_000;

/** A skipped row as a report keeps it: the value as echoed, and where its reason is in PROXY_SKIP_REASONS. */
type SkippedRow = [value: string, reason: number];
const INVALID = PROXY_SKIP_REASONS.indexOf(PROXY_TEXT.invalid);
const DUPLICATE_IN_FILE = PROXY_SKIP_REASONS.indexOf(PROXY_TEXT.duplicateInFile);
const TAKEN = PROXY_SKIP_REASONS.indexOf(PROXY_TEXT.taken);

function toSkipped([value, reason]: SkippedRow): TSkippedProxy {
  return { value, reason: PROXY_SKIP_REASONS[reason] ?? PROXY_TEXT.invalid };
}

export function toPublicProxy(row: ProxyRow): TProxy {
  return { id: row.id, value: row.value, status: row.status as TProxy['status'], count_use: row.count_use };
}

/**
 * Takes a banned account's proxy out of the pool: WhatsApp bans by IP too, so the next account on it would
 * follow. An admin checks it and sets it active again (the proxy's edit).
 */
export async function quarantineProxy(db: Db, id: number): Promise<void> {
  await db.update(proxies).set({ status: 'karantina' }).where(eq(proxies.id, id));
}

export function createProxyService(db: Db) {
  const reports = createImportReports(db, 'proxy');

  async function mustFind(id: number): Promise<ProxyRow> {
    const [row] = await db.select().from(proxies).where(eq(proxies.id, id));
    if (!row) throw notFound(SERVER_TEXT.notFound);
    return row;
  }

  const taken = () => conflict(PROXY_TEXT.taken, { value: PROXY_TEXT.taken });

  return {
    async list(): Promise<TProxy[]> {
      const rows = await db.select().from(proxies).orderBy(desc(proxies.id)).limit(PROXY_LIST_LIMIT);
      return rows.map(toPublicProxy);
    },

    async listPage(query: TPageQuery): Promise<TProxyPageResponse> {
      // Proxies are hundreds, not millions: a substring search (a host inside user:pass@host:port) needs no index.
      const where = query.search ? ilike(proxies.value, `%${escapeLike(query.search)}%`) : undefined;
      const keyset = { columns: [proxies.id], desc: true };
      return paged(db, query, { table: proxies, where, orderBy: [desc(proxies.id)], keyset }, (rows) =>
        rows.map(toPublicProxy),
      );
    },

    async detail(id: number): Promise<TProxy> {
      return toPublicProxy(await mustFind(id));
    },

    async create(value: string): Promise<TProxy> {
      const [row] = await db
        .insert(proxies)
        .values({ value })
        .onConflictDoNothing({ target: proxies.value })
        .returning();
      if (!row) throw taken();
      return toPublicProxy(row);
    },

    /** Setting a quarantined proxy active is the admin's word that it was checked (quarantineProxy). */
    async update(id: number, values: { value?: string; status?: 'active' | 'nonactive' }): Promise<TProxy> {
      const current = await mustFind(id);
      if (values.value === undefined && values.status === undefined) return toPublicProxy(current);
      try {
        const [row] = await db.update(proxies).set(values).where(eq(proxies.id, id)).returning();
        if (!row) throw notFound(SERVER_TEXT.notFound);
        return toPublicProxy(row);
      } catch (error) {
        if (sqlState(error) === UNIQUE_VIOLATION) throw taken();
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      const deleted = await db.delete(proxies).where(eq(proxies.id, id)).returning({ id: proxies.id });
      if (deleted.length === 0) throw notFound(SERVER_TEXT.notFound);
    },

    /** `used`: taken by a client ('in use'); `unUsed`: free to take ('active'). */
    async countUse(): Promise<TCountUseResponse> {
      const rows = await db.select({ status: proxies.status, total: count() }).from(proxies).groupBy(proxies.status);
      const of = (status: string) => rows.find((row) => row.status === status)?.total ?? 0;
      return { unUsed: of('active'), used: of('in use') };
    },

    /**
     * A proxy for a new client (DESIGN §5.8): the active one used least, marked 'in use'. `direct` when no
     * proxy is configured at all; `unavailable` when there are proxies but none is free. Within `tx` when
     * given, so that the proxy goes back to the pool if what took it is rolled back.
     */
    async take(
      tx: Db = db,
    ): Promise<{ kind: 'proxy'; id: number; value: string } | { kind: 'direct' } | { kind: 'unavailable' }> {
      const [taken] = await tx
        .update(proxies)
        .set({ status: 'in use', count_use: sql`${proxies.count_use} + 1` })
        .where(
          eq(
            proxies.id,
            sql`(select ${proxies.id} from ${proxies} where ${proxies.status} = 'active' order by ${proxies.count_use}, ${proxies.id} limit 1 for update skip locked)`,
          ),
        )
        .returning({ id: proxies.id, value: proxies.value });
      if (taken) return { kind: 'proxy', ...taken };
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(proxies);
      return total === 0 ? { kind: 'direct' } : { kind: 'unavailable' };
    },

    /** Frees a proxy whose client was removed or lost; an admin's 'nonactive' stays as it is. */
    async release(id: number): Promise<void> {
      await db
        .update(proxies)
        .set({ status: 'active' })
        .where(and(eq(proxies.id, id), eq(proxies.status, 'in use')));
    },

    async valueOf(id: number): Promise<string | null> {
      const [row] = await db.select({ value: proxies.value }).from(proxies).where(eq(proxies.id, id));
      return row?.value ?? null;
    },

    /**
     * CSV (one value per line, header `value` optional, extra columns ignored) or JSON (strings or {value}).
     * The answer carries the first skipped rows; all of them are the importer's report (`skippedPart`).
     */
    async importFile(actor: Actor, stream: Readable): Promise<TProxyImportResponse> {
      const report = reports.begin<SkippedRow>(actor.id);
      const seen = new Set<string>();
      let created = 0;
      let batch: { value: string; line: number }[] = [];
      let line = 0;
      let first = true;

      // Each batch is written before more is read, so once it is, every row read so far is settled.
      const flush = async () => {
        if (batch.length > 0) {
          const rows = batch;
          batch = [];
          const inserted = await db
            .insert(proxies)
            .values(rows.map((row) => ({ value: row.value })))
            .onConflictDoNothing({ target: proxies.value })
            .returning({ value: proxies.value });
          created += inserted.length;
          const written = new Set(inserted.map((row) => row.value));
          for (const row of rows) if (!written.has(row.value)) report.skip(row.line, [row.value, TAKEN]);
        }
        await report.settle();
      };

      try {
        for await (const row of readImportRows(stream)) {
          let raw: string;
          if (row.kind === 'cells') {
            raw = row.cells[0] ?? '';
            if (first && raw.toLowerCase() === 'value') {
              first = false;
              continue;
            }
          } else {
            const item = row.item as { value?: unknown } | string | null;
            raw = typeof item === 'string' ? item : typeof item?.value === 'string' ? item.value : '';
          }
          first = false;
          line++;
          const value = raw.trim();
          if (!isValidProxy(value) || value.length > PROXY_VALUE_MAX || hasControlCharacters(value)) {
            report.skip(line, [echoOf(value, PROXY_VALUE_MAX), INVALID]);
          } else if (seen.has(value)) {
            report.skip(line, [value, DUPLICATE_IN_FILE]);
          } else {
            seen.add(value);
            batch.push({ value, line });
          }
          if (batch.length >= BATCH || report.held >= HOLD) await flush();
        }
        await flush();
        const result = await report.finish();
        return { created, ...result, skipped: result.skipped.map(toSkipped) };
      } catch (error) {
        // The import's own failure is the one to answer, even if its report cannot be removed.
        await report.abort().catch(() => {});
        throw error;
      }
    },

    /** Part `part` of the importer's own report; anyone else's, or none, is not found. */
    async skippedPart(actor: Actor, reportId: number, part: number): Promise<TProxySkippedResponse> {
      const found = await reports.part<SkippedRow>(actor.id, reportId, part);
      if (!found) throw notFound(SERVER_TEXT.notFound);
      return { list: found.rows.map(toSkipped), next: found.next };
    },
  };
}

export type ProxyService = ReturnType<typeof createProxyService>;
