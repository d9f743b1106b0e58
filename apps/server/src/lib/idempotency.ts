/**
 * `Idempotency-Key` on money-moving calls (DESIGN §9): the first answer to a key, status and body, is kept
 * for a day per user and is the answer to every repeat. Read and written inside the call's own money
 * transaction, under the user's lock, so that a repeat racing the first waits for it and then finds it.
 */
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.ts';
import type { Tx } from '../ledger/transaction.ts';

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
