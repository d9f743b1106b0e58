/**
 * Levels: a member's fee per blast, and the colour of their badge (DESIGN §5.4). A member is promoted by the
 * ledger alone, in the statement that records their sends: the rule is `levelReachedBy` in ledger/fee.ts,
 * tested in promotion.test.ts beside this file.
 */
import { LEVEL_NAME_TAKEN, type TLevel, type TLevelRequest } from '@sewablast/contract/level';
import type { TPageQuery } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { asc, eq, ilike } from 'drizzle-orm';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.ts';
import { levels } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { pick, recordAudit } from '../../lib/audit.ts';
import { escapeLike } from '../../lib/like.ts';
import { paged } from '../../lib/paging.ts';
import { type SettingService, splitList } from '../setting/service.ts';

export type Level = typeof levels.$inferSelect;

const BY_RANK = [asc(levels.requirement_blast), asc(levels.id)];
/** What the audit log keeps of a level: its fee above all. */
const AUDITED = ['name', 'blast_fee', 'requirement_blast'] as const;

/** A write that met the unique index on `lower(name)` (schema.ts) is the name's refusal, under its field. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw conflict(LEVEL_NAME_TAKEN, { name: LEVEL_NAME_TAKEN });
    throw error;
  }
}

export function createLevelService(db: Db, settings: SettingService) {
  async function get(id: number): Promise<Level | undefined> {
    const [row] = await db.select().from(levels).where(eq(levels.id, id));
    return row;
  }

  async function mustFind(id: number): Promise<Level> {
    const row = await get(id);
    if (!row) throw notFound(SERVER_TEXT.notFound);
    return row;
  }

  /** Each level's name and colour: `settings.colors[i mod n]`, i being the level's rank by requirement. */
  async function badges(): Promise<Map<number, { name: string; color: string | null }>> {
    const ranked = await db
      .select({ id: levels.id, name: levels.name })
      .from(levels)
      .orderBy(...BY_RANK);
    const colors = splitList((await settings.get()).colors);
    return new Map(ranked.map(({ id, name }, rank) => [id, { name, color: colors[rank % colors.length] ?? null }]));
  }

  async function palette(): Promise<Map<number, string | null>> {
    return new Map([...(await badges())].map(([id, { color }]) => [id, color]));
  }

  function present(row: Level, colors: Map<number, string | null>): TLevel {
    const { id, name, blast_fee, requirement_blast } = row;
    return { id, name, blast_fee, requirement_blast, color: colors.get(id) ?? null };
  }

  return {
    get,

    badges,

    async colorOf(levelId: number): Promise<string | null> {
      return (await palette()).get(levelId) ?? null;
    },

    async detail(id: number): Promise<TLevel> {
      return present(await mustFind(id), await palette());
    },

    /** Levels in rank order, searched by name. */
    async listPage(query: TPageQuery) {
      const where = query.search ? ilike(levels.name, `%${escapeLike(query.search)}%`) : undefined;
      return paged(db, query, { table: levels, where, orderBy: BY_RANK }, async (rows) => {
        const colors = await palette();
        return rows.map((row) => present(row, colors));
      });
    },

    /** `actorId` is who asked, for the audit log; null for the system. */
    async create(values: TLevelRequest, actorId: number | null = null): Promise<TLevel> {
      const row = await nameChecked(() =>
        db.transaction(async (tx) => {
          const [created] = await tx.insert(levels).values(values).returning();
          if (!created) throw new Error('level not created');
          const after = pick(created, AUDITED);
          await recordAudit(tx, {
            actorId,
            action: 'level.created',
            table: 'levels',
            id: created.id,
            before: null,
            after,
          });
          return created;
        }),
      );
      return present(row, await palette());
    },

    async update(id: number, values: TLevelRequest, actorId: number | null = null): Promise<TLevel> {
      const row = await nameChecked(() =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(levels).where(eq(levels.id, id)).for('update');
          if (!before) throw notFound(SERVER_TEXT.notFound);
          const [updated] = await tx.update(levels).set(values).where(eq(levels.id, id)).returning();
          if (!updated) throw notFound(SERVER_TEXT.notFound);
          await recordAudit(tx, {
            actorId,
            action: 'level.updated',
            table: 'levels',
            id,
            before: pick(before, AUDITED),
            after: pick(updated, AUDITED),
          });
          return updated;
        }),
      );
      return present(row, await palette());
    },

    /** Members on a deleted level fall back to `settings.price` (the foreign key sets their level to null). */
    async remove(id: number, actorId: number | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(levels).where(eq(levels.id, id)).returning();
        if (!deleted) throw notFound(SERVER_TEXT.notFound);
        const before = pick(deleted, AUDITED);
        await recordAudit(tx, { actorId, action: 'level.deleted', table: 'levels', id, before, after: null });
      });
    },
  };
}

export type LevelService = ReturnType<typeof createLevelService>;
