/** Withdrawals: what a user may take out, from the ledger's balance (DESIGN §5.5). */
import type { Db } from '../../db/client.ts';
import { balanceOf } from '../../ledger/balance.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';

export function createWithdrawService(db: Db) {
  return {
    async balance(actor: Actor, userId: number): Promise<number> {
      requireAccess(actor, { owner: userId });
      return balanceOf(db, userId);
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
