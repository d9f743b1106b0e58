/**
 * Each signed-in user's share of the server (DESIGN §9): a token bucket of requests (a burst for a page
 * that loads many things at once, then a steady rate) and a cap on requests in flight, so that one user's
 * flood cannot slow everyone else's calls. Counted in the limit store: this process's memory, or Redis
 * shared by every api node when REDIS_URL is set. The same share, keyed by client address, limits the
 * downloads of files, which anyone holding a signed URL may fetch.
 */
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyReply } from 'fastify';
import type { BudgetOptions, LimitStore } from '../lib/limit-store.ts';

export type UserLimitOptions = BudgetOptions;

/** A page that loads a dozen things at once, several times over, fits in the burst: 12 s of the steady rate. */
export function userLimitsOf(config: { USER_REQUESTS_PER_SECOND: number; USER_REQUESTS_IN_FLIGHT: number }) {
  return {
    burst: Math.ceil(config.USER_REQUESTS_PER_SECOND * 12),
    perSecond: config.USER_REQUESTS_PER_SECOND,
    inFlight: config.USER_REQUESTS_IN_FLIGHT,
  };
}

export interface UserLimits {
  /** Counts the request in, or says why it is refused; the count goes down when its answer is done. */
  enter(key: number | string, reply: FastifyReply): Promise<{ msg: string; retryAfterSeconds: number } | null>;
}

/** `name` keeps one share's counts apart from another's in the store. */
export function createUserLimits(options: UserLimitOptions, store: LimitStore, name = 'user'): UserLimits {
  const budget = store.budget(name, options);
  return {
    async enter(userId, reply) {
      // 'close' comes once the answer is sent or the client went away, whichever happens: perhaps while the
      // store was still answering, so it is listened for first.
      let closed = false;
      let release: (() => void) | null = null;
      reply.raw.once('close', () => {
        closed = true;
        release?.();
      });
      const answer = await budget.enter(String(userId));
      if (answer.refused === 'inFlight') return { msg: SERVER_TEXT.tooManyCalls, retryAfterSeconds: 1 };
      if (answer.refused === 'rate')
        return { msg: SERVER_TEXT.tooManyCalls, retryAfterSeconds: answer.retryAfterSeconds };
      if (closed) answer.release();
      else release = answer.release;
      return null;
    },
  };
}
