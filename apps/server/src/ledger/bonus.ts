/**
 * The money rules of bonuses, inside a transaction that holds the member's lock (`moneyTransaction`): a
 * bonus is credited by a `bonus` entry referring to it; deleting it marks the bonus revoked and takes the
 * credit back with a `bonus_revoke` entry referring to the same bonus, so that the ledger only ever grows
 * and still tells what was given and taken back. A delete is refused when the member has already spent the
 * bonus (withdrawn, or holds it in a request).
 */
import type { TBonusCreate } from '@sewablast/contract/bonus';
import { BONUS_TEXT } from '@sewablast/contract/bonus-text';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { bonuses, ledgerEntries } from '../db/schema.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { pick, recordAudit } from '../lib/audit.ts';
import type { LockedUser } from './transaction.ts';

export type BonusRow = typeof bonuses.$inferSelect;

const AUDITED = ['user_id', 'nominal', 'reason'] as const;

export async function giveBonus(
  tx: Tx,
  user: LockedUser,
  input: Omit<TBonusCreate, 'userId'>,
  adminId: number,
): Promise<BonusRow> {
  const [row] = await tx
    .insert(bonuses)
    .values({ user_id: user.id, admin_id: adminId, nominal: input.nominal, reason: input.reason })
    .returning();
  if (!row) throw new Error('bonus not written');
  await tx
    .insert(ledgerEntries)
    .values({ user_id: user.id, kind: 'bonus', amount: row.nominal, ref_table: 'bonuses', ref_id: row.id });
  await recordAudit(tx, {
    actorId: adminId,
    action: 'bonus.created',
    table: 'bonuses',
    id: row.id,
    before: null,
    after: pick(row, AUDITED),
  });
  return row;
}

/** Revokes bonus `id` of the locked `user` and takes its credit back; 404 when it is gone (a second delete). */
export async function revokeBonus(tx: Tx, user: LockedUser, id: number, adminId: number): Promise<BonusRow> {
  const [row] = await tx
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.id, id), eq(bonuses.user_id, user.id), isNull(bonuses.revoked_at)))
    .for('update');
  if (!row) throw notFound(BONUS_TEXT.notFound);
  if (user.balance < row.nominal) throw conflict(BONUS_TEXT.deleteOverBalance);
  await tx
    .insert(ledgerEntries)
    .values({ user_id: user.id, kind: 'bonus_revoke', amount: -row.nominal, ref_table: 'bonuses', ref_id: id });
  const [revoked] = await tx
    .update(bonuses)
    .set({ revoked_at: new Date(), revoked_by: adminId })
    .where(eq(bonuses.id, id))
    .returning();
  if (!revoked) throw new Error('bonus not revoked');
  await recordAudit(tx, {
    actorId: adminId,
    action: 'bonus.deleted',
    table: 'bonuses',
    id,
    before: pick(row, AUDITED),
    after: null,
  });
  return revoked;
}
