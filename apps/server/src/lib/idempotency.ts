/**
 * `Idempotency-Key` on money-moving calls (DESIGN §9): the first answer to a key, status and body, is kept
 * for a day per user and is the answer to every repeat of the same request. Read and written inside the
 * call's own money transaction, under the key owner's lock, so that a repeat racing the first waits for it and
 * then finds it. A key names one request: its operation and the SHA-256 of its canonical body are kept with
 * it, and the key sent with another operation or another body is a 422, never another call's answer.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX } from '@sewablast/contract/withdraw';
import { WITHDRAW_TEXT } from '@sewablast/contract/withdraw-text';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys, users } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/** The header as a route declares it; without it every call is a new operation. */
export const ZIdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX, WITHDRAW_TEXT.idempotencyKeyTooLong).optional(),
});

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface Answer<Body> {
  status: number;
  body: Body;
}

/** What a key is bound to: the operation (a stable name, such as `withdraw.request`) and its parsed body. */
export interface Keyed {
  key: string | undefined;
  operation: string;
  body: unknown;
}

/** JSON with every object's keys sorted, so that one request hashes alike however its keys were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

interface Kept<Body> extends Answer<Body> {
  operation: string;
  hash: string;
}

/** The kept answer to `key` from `userId`, when it is younger than a day. */
async function keptAnswer<Body>(tx: Tx, userId: number, key: string): Promise<Kept<Body> | null> {
  const [row] = await tx
    .select({
      status: idempotencyKeys.status_code,
      body: idempotencyKeys.response,
      at: idempotencyKeys.created_at,
      operation: idempotencyKeys.route,
      hash: idempotencyKeys.request_hash,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
  if (!row || Date.now() - row.at.getTime() > IDEMPOTENCY_TTL_MS) return null;
  return { status: row.status, body: row.body as Body, operation: row.operation, hash: row.hash };
}

/** Keeps `answer` for `key`, replacing an expired one, and forgets the user's other expired keys. */
async function keepAnswer(tx: Tx, userId: number, keyed: Keyed & { key: string }, answer: Answer<unknown>) {
  const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, expired)));
  const bound = { route: keyed.operation, request_hash: requestHash(keyed.body) };
  await tx
    .insert(idempotencyKeys)
    .values({ user_id: userId, key: keyed.key, ...bound, status_code: answer.status, response: answer.body })
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.key],
      set: { ...bound, status_code: answer.status, response: answer.body, created_at: new Date() },
    });
}

/**
 * The answer to `userId`'s call: the one kept for its key, or `work`'s, then kept. The owner's row is locked
 * first, as the call's money transaction may lock another user (a bonus locks its member): repeats of one key
 * queue on their owner whoever they pay. A refusal `work` throws is not kept, and a repeat is checked again; a
 * refusal it answers is kept like any answer. Without a key, `work` simply runs.
 */
export async function answerOnce<Body>(
  tx: Tx,
  userId: number,
  keyed: Keyed,
  work: () => Promise<Answer<Body>>,
): Promise<Answer<Body>> {
  const { key } = keyed;
  if (!key) return work();
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const kept = await keptAnswer<Body>(tx, userId, key);
  if (kept) {
    if (kept.operation !== keyed.operation || kept.hash !== requestHash(keyed.body)) {
      throw new AppError(422, WITHDRAW_TEXT.idempotencyKeyReused);
    }
    return { status: kept.status, body: kept.body };
  }
  const answer = await work();
  await keepAnswer(tx, userId, { ...keyed, key }, answer);
  return answer;
}
