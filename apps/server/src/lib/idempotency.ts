/**
 * `Idempotency-Key` on money-moving calls (DESIGN §9): the first answer to a key, status and body, is kept
 * for a day per user and is the answer to every repeat. Read and written inside the call's own money
 * transaction, under the key owner's lock, so that a repeat racing the first waits for it and then finds it.
 * A key is the caller's, whichever call it came with: callers make a new one for each operation.
 */
import { IDEMPOTENCY_KEY_MAX, WITHDRAW_TEXT } from '@sewablast/contract/withdraw';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { idempotencyKeys, users } from '../db/schema.ts';
import type { Tx } from '../ledger/transaction.ts';

/** The header as a route declares it; without it every call is a new operation. */
export const ZIdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX, WITHDRAW_TEXT.idempotencyKeyTooLong).optional(),
});

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Answer<Body> {
  status: number;
  body: Body;
}

/** The kept answer to `key` from `userId`, when it is younger than a day. */
export async function keptAnswer<Body>(tx: Tx, userId: number, key: string): Promise<Answer<Body> | null> {
  const [row] = await tx
    .select({ status: idempotencyKeys.status_code, body: idempotencyKeys.response, at: idempotencyKeys.created_at })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
  if (!row || Date.now() - row.at.getTime() > IDEMPOTENCY_TTL_MS) return null;
  return { status: row.status, body: row.body as Body };
}

/** Keeps `answer` for `key`, replacing an expired one, and forgets the user's other expired keys. */
export async function keepAnswer(tx: Tx, userId: number, key: string, answer: Answer<unknown>): Promise<void> {
  const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, expired)));
  await tx
    .insert(idempotencyKeys)
    .values({ user_id: userId, key, status_code: answer.status, response: answer.body })
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.key],
      set: { status_code: answer.status, response: answer.body, created_at: new Date() },
    });
}

/**
 * The answer to `userId`'s call with `key`: the one kept for the key, or `work`'s, then kept. The owner's row
 * is locked first, as the call's money transaction may lock another user (a bonus locks its member): repeats
 * of one key queue on their owner whoever they pay. A refusal `work` throws is not kept, and a repeat is
 * checked again; a refusal it answers is kept like any answer. Without a key, `work` simply runs.
 */
export async function answerOnce<Body>(
  tx: Tx,
  userId: number,
  key: string | undefined,
  work: () => Promise<Answer<Body>>,
): Promise<Answer<Body>> {
  if (!key) return work();
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const kept = await keptAnswer<Body>(tx, userId, key);
  if (kept) return kept;
  const answer = await work();
  await keepAnswer(tx, userId, key, answer);
  return answer;
}
