/**
 * Members as admins and devs run them (spec part 2 §2 Member list, §7 members-per-page): a page of members
 * with each one's level, income and WhatsApp count, searched by a part of a name or email (names.ts), the
 * bonus form's picker and the spec's bounded `members` list. Every search reads an index of the users table
 * (migrations 0009 and 0013), so that it stays an index read at 100 000 members (bench/member-search.bench.mjs).
 */
import { ACTIVE_WINDOW_MINUTES } from '@sewablast/contract/counters';
import {
  MEMBER_OPTIONS_LIMIT,
  MEMBERS_LIST_LIMIT,
  type TMember,
  type TMemberOption,
  type TMemberOptionsQuery,
  type TMemberPage,
  type TMemberPageQuery,
  type TMemberStatus,
  type TMembers,
  type TMembersQuery,
} from '@sewablast/contract/members';
import { and, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { incomeOfEach } from '../../ledger/balance.ts';
import { STARTS_ENOUGH, SUBSTRING_FROM } from '../../lib/like.ts';
import { countUpTo, keptPaged, paged } from '../../lib/paging.ts';
import type { LevelService } from '../level/service.ts';
import { accountCountsOf } from '../whatsapp/accounts-read.ts';
import { FULL_NAME, memberSearch, memberWhere } from './names.ts';

type UserRow = typeof users.$inferSelect;

/**
 * Both orders are the byte order of the lowercased full name. Unsearched, `~<~` is the order the name's
 * `varchar_pattern_ops` index keeps, so the first members are read off it instead of sorting all 100 000.
 * Searched, the matches (read through the search indexes) are sorted, as COLLATE "C", which the index cannot
 * serve: else the planner may walk the index from 'a' filtering for a prefix that lies far down it.
 */
const UNSEARCHED_ORDER = sql`${FULL_NAME} using ~<~`;
const SEARCHED_ORDER = sql`${FULL_NAME} collate "C"`;

const activeSince = () => new Date(Date.now() - ACTIVE_WINDOW_MINUTES * 60_000);

function statusIs(status: TMemberStatus | undefined): SQL | undefined {
  if (status === 'online') return gte(users.last_seen_at, activeSince());
  if (status === 'offline') return or(isNull(users.last_seen_at), lt(users.last_seen_at, activeSince()));
  return undefined;
}

const isMember = eq(users.role, 'member');

const nameColumns = { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email };

/**
 * Up to `limit` members whose name or email holds `search` (every member without one), by full name.
 * Exported for the benchmark, which explains its plan.
 */
export function membersByName(db: Db, search: string | undefined, limit: number) {
  const matching = memberSearch(search);
  return db
    .select(nameColumns)
    .from(users)
    .where(and(isMember, matching))
    .orderBy(matching ? SEARCHED_ORDER : UNSEARCHED_ORDER, users.id)
    .limit(limit);
}

const NEWEST_FIRST = { columns: [users.created_at, users.id], desc: true };

/**
 * A page of members as the list reads it (lib/paging.ts): a search counts to the cap and pages by its matches'
 * keys, no search pages by the remembered anchors. A search that begins enough names is read in one statement
 * by the keys this node keeps of its start's matches (`keptPaged`), as the phone list's name start is: kept keys
 * of the current version, at least STARTS_ENOUGH, answer memberWhere's probe, a statement of its own. Exported
 * for the benchmark, which pages members with no `present` of its own.
 */
export async function memberPage<Item>(
  db: Db,
  query: TMemberPageQuery,
  present: (rows: UserRow[]) => Item[] | Promise<Item[]>,
) {
  const orderBy = [desc(users.created_at), desc(users.id)];
  const term = query.search?.trim();
  if (term && !query.status && [...term].length >= SUBSTRING_FROM) {
    const starts = and(isMember, memberSearch(term, true, true));
    const kept = await keptPaged(
      db,
      query,
      { table: users, where: starts, orderBy, keyset: NEWEST_FIRST },
      present,
      STARTS_ENOUGH,
    );
    if (kept) return kept;
  }
  const search = await memberWhere(db, isMember, query.search);
  const where = and(isMember, search, statusIs(query.status));
  const count = search ? (matching: SQL | undefined) => countUpTo(db, users, matching) : undefined;
  // The status filter reads the clock, so no two of its pages share a filter worth remembering.
  const keyset = query.status ? undefined : NEWEST_FIRST;
  return paged(db, query, { table: users, where, orderBy, count, keyset }, present);
}

export function createMemberService(db: Db, levelService: LevelService) {
  /** Income and account counts of a page's members: one grouped query each, never one per member. */
  async function figures(ids: number[]) {
    const [income, accounts] = await Promise.all([incomeOfEach(db, ids), accountCountsOf(db, ids)]);
    return { income, accounts };
  }

  async function present(rows: UserRow[]): Promise<TMember[]> {
    const [{ income, accounts }, badges] = await Promise.all([
      figures(rows.map((row) => row.id)),
      levelService.badges(),
    ]);
    const since = activeSince();
    return rows.map((row) => ({
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      level: row.level_id === null ? null : (badges.get(row.level_id)?.name ?? null),
      color: row.level_id === null ? null : (badges.get(row.level_id)?.color ?? null),
      income: income.get(row.id) ?? 0,
      createdAt: row.created_at.toISOString(),
      whatsapps: accounts.get(row.id) ?? 0,
      blast_interval_min: row.blast_interval_min,
      blast_interval_max: row.blast_interval_max,
      role: 'member',
      status: row.last_seen_at && row.last_seen_at >= since ? 'online' : 'offline',
    }));
  }

  const toOption = (row: Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email'>): TMemberOption => ({
    id: row.id,
    name: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
  });

  return {
    /** Newest members first; the route admits only admins and devs. */
    async page(query: TMemberPageQuery): Promise<TMemberPage> {
      return memberPage(db, query, present);
    },

    /**
     * Up to MEMBER_OPTIONS_LIMIT members by name for the bonus form; the preselected `id` comes first even
     * when the search would not find it, so that a form opened from 'Beri Bonus' shows its member.
     */
    async options(query: TMemberOptionsQuery): Promise<TMemberOption[]> {
      const [found, chosen] = await Promise.all([
        membersByName(db, query.search, MEMBER_OPTIONS_LIMIT),
        query.id === undefined
          ? []
          : db
              .select(nameColumns)
              .from(users)
              .where(and(isMember, eq(users.id, query.id))),
      ]);
      const first = chosen[0];
      const rest = first ? found.filter((row) => row.id !== first.id) : found;
      return [...chosen, ...rest].slice(0, MEMBER_OPTIONS_LIMIT).map(toOption);
    },

    /**
     * The spec's `members` call: members by name, never more than MEMBERS_LIST_LIMIT in one answer (there
     * may be 100 000); `more` tells the caller to narrow with `search`.
     */
    async list(query: TMembersQuery): Promise<TMembers> {
      const found = await membersByName(db, query.search, MEMBERS_LIST_LIMIT + 1);
      return { users: found.slice(0, MEMBERS_LIST_LIMIT), more: found.length > MEMBERS_LIST_LIMIT };
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
