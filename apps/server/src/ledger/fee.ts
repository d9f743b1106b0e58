/**
 * The fee rule (DESIGN §5.3), written once: a member earns their level's `blast_fee` per successful blast,
 * or `settings.price` when they have no level. An SQL expression over the member's `level_id`, so that the
 * ledger prices a send inside the statement that locks its owner, and the profile shows the same figure.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { levels, users } from '../db/schema.ts';
import { settingValue } from '../db/settings-row.ts';

/** The fee of a member on `levelId`; 0 only without a settings row, which the seed writes on the first start. */
export function blastFee(levelId: AnyPgColumn): SQL<number> {
  return sql`coalesce((select ${levels.blast_fee} from ${levels} where ${levels.id} = ${levelId}), ${settingValue('price')}, 0)`.mapWith(
    Number,
  );
}

/**
 * Level promotion (DESIGN §5.4): the level a member with `successes` lifetime successful blasts is on, the one
 * with the highest `requirement_blast` they reach (the newest of equals); none below the lowest. Only the
 * ledger moves a member up, in the statement that records their sends (record-send.ts); modules/level points
 * here and tests it (promotion.test.ts).
 */
export function levelReachedBy(successes: SQL): SQL<number | null> {
  return sql`(select lv.id from ${levels} lv where lv.requirement_blast <= ${successes}
    order by lv.requirement_blast desc, lv.id desc limit 1)`;
}

/**
 * A referrer's share of their referee's fee, `floor(fee × percent / 100)` in whole rupiah with the percent
 * held to 0–100 (none without a settings row): the ledger credits it inside the statement that records the
 * send (record-send.ts), and the tests read the same expression rather than a copy.
 */
export function referralShare(fee: SQL, percent: SQL = settingValue('referral_percent')): SQL<number> {
  return sql`floor(${fee} * least(100, greatest(0, coalesce(${percent}, 0))) / 100)`.mapWith(Number);
}

/** A member's fee per successful blast now, or null when there is no such user. */
export async function blastFeeOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ fee: blastFee(users.level_id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.fee ?? null;
}
