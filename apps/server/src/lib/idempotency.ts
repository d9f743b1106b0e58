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
import { AppError, type ErrorCode } from './app-error.ts';

/** The header as a route declares it; without it every call is a new operation. */
export const ZIdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX, WITHDRAW_TEXT.idempotencyKeyTooLong).optional(),
});

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** An answer as kept: its body, and the code of the refusal it is when the call was refused. */
export type Answer<Body, Refusal = { msg: string }> =
  | { refused?: undefined; body: Body }
  | { refused: ErrorCode; body: Refusal };

/**
 * How a kept answer's status column is written and read: the HTTP status the answer is sent with, by the HTTP
 * layer's one mapping (http/errors.ts KEPT_STATUS), which the composition root hands the money services.
 */
export interface KeptStatus {
  of(refused: ErrorCode | undefined): number;
  refusedOf(status: number): ErrorCode | undefined;
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

interface Kept {
  answer: Answer<unknown, unknown>;
  operation: string;
  hash: string;
}

/** The kept answer to `key` from `userId`, when it is younger than a day. */
async function keptAnswer(tx: Tx, status: KeptStatus, userId: number, key: string): Promise<Kept | null> {
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
  const refused = status.refusedOf(row.status);
  const answer = refused ? { refused, body: row.body } : { body: row.body };
  return { answer, operation: row.operation, hash: row.hash };
}

/** Keeps `answer` for `key`, replacing an expired one, and forgets the user's other expired keys. */
async function keepAnswer(
  tx: Tx,
  status: KeptStatus,
  userId: number,
  keyed: Keyed & { key: string },
  answer: Answer<unknown, unknown>,
) {
  const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, expired)));
  const bound = {
    route: keyed.operation,
    request_hash: requestHash(keyed.body),
    status_code: status.of(answer.refused),
  };
  await tx
    .insert(idempotencyKeys)
    .values({ user_id: userId, key: keyed.key, ...bound, response: answer.body })
    .onConflictDoUpdate({
      target: [idempotencyKeys.user_id, idempotencyKeys.key],
      set: { ...bound, response: answer.body, created_at: new Date() },
    });
}

/**
 * The answer to `userId`'s call: the one kept for its key, or `work`'s, then kept. The owner's row is locked
 * first, as the call's money transaction may lock another user (a bonus locks its member): repeats of one key
 * queue on their owner whoever they pay. A refusal `work` throws is not kept, and a repeat is checked again; a
 * refusal it answers is kept like any answer. Without a key, `work` simply runs.
 */
export async function answerOnce<Body, Refusal = { msg: string }>(
  tx: Tx,
  status: KeptStatus,
  userId: number,
  keyed: Keyed,
  work: () => Promise<Answer<Body, Refusal>>,
): Promise<Answer<Body, Refusal>> {
  const { key } = keyed;
  if (!key) return work();
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const kept = await keptAnswer(tx, status, userId, key);
  if (kept) {
    if (kept.operation !== keyed.operation || kept.hash !== requestHash(keyed.body)) {
      throw new AppError('unprocessable', WITHDRAW_TEXT.idempotencyKeyReused);
    }
    // Kept by this operation with this body: the answer `work` gave it, as stored.
    return kept.answer as Answer<Body, Refusal>;
  }
  const answer = await work();
  await keepAnswer(tx, status, userId, { ...keyed, key }, answer);
  return answer;
}
