/** Proxies the sessions connect through, managed by admins and devs (spec part 2 §7, DESIGN §5.8). */
import type { Readable } from 'node:stream';
import { pageMeta, type TPageQuery } from '@sewablast/contract/paging';
import {
  isValidProxy,
  PROXY_LIST_LIMIT,
  PROXY_TEXT,
  type TCountUseResponse,
  type TProxy,
  type TProxyImportResponse,
  type TProxyPageResponse,
  type TSkippedProxy,
} from '@sewablast/contract/proxy';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.ts';
import { proxies } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { readImportRows } from '../../lib/import-rows.ts';
import { escapeLike } from '../../lib/like.ts';

type ProxyRow = typeof proxies.$inferSelect;

const BATCH = 1000;

export function toPublicProxy(row: ProxyRow): TProxy {
  return { id: row.id, value: row.value, status: row.status as TProxy['status'], count_use: row.count_use };
}

export function createProxyService(db: Db) {
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
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(proxies).where(where);
      const rows = await db
        .select()
        .from(proxies)
        .where(where)
        .orderBy(desc(proxies.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { data: rows.map(toPublicProxy), meta: pageMeta(query, total) };
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
     * proxy is configured at all; `unavailable` when there are proxies but none is free.
     */
    async take(): Promise<{ kind: 'proxy'; id: number; value: string } | { kind: 'direct' } | { kind: 'unavailable' }> {
      const [taken] = await db
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
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(proxies);
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

    /** CSV (one value per line, header `value` optional, extra columns ignored) or JSON (strings or {value}). */
    async importFile(stream: Readable): Promise<TProxyImportResponse> {
      const skipped: TSkippedProxy[] = [];
      const seen = new Set<string>();
      let created = 0;
      let batch: string[] = [];
      let first = true;

      const flush = async () => {
        if (batch.length === 0) return;
        const values = batch;
        batch = [];
        const inserted = await db
          .insert(proxies)
          .values(values.map((value) => ({ value })))
          .onConflictDoNothing({ target: proxies.value })
          .returning({ value: proxies.value });
        created += inserted.length;
        const written = new Set(inserted.map((row) => row.value));
        for (const value of values) if (!written.has(value)) skipped.push({ value, reason: PROXY_TEXT.taken });
      };

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
        const value = raw.trim();
        if (!isValidProxy(value) || value.length > 500) {
          skipped.push({ value, reason: PROXY_TEXT.invalid });
          continue;
        }
        if (seen.has(value)) {
          skipped.push({ value, reason: PROXY_TEXT.duplicateInFile });
          continue;
        }
        seen.add(value);
        batch.push(value);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      return { created, skipped };
    },
  };
}

export type ProxyService = ReturnType<typeof createProxyService>;
