/**
 * Each signed-in user's share of the server (DESIGN §9): a token bucket of requests (a burst for a page
 * that loads many things at once, then a steady rate) and a cap on requests in flight, so that one user's
 * flood cannot slow everyone else's calls. Kept per process, like the sign-in limits. The same share, keyed
 * by client address, limits the downloads of files, which anyone holding a signed URL may fetch.
 */
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyReply } from 'fastify';

export interface UserLimitOptions {
  /** Requests a user may send at once before the steady rate applies. */
  burst: number;
  /** Requests per second a user may keep sending. */
  perSecond: number;
  /** Requests of one user being worked on at the same time. */
  inFlight: number;
}

/** A page that loads a dozen things at once, several times over, fits in the burst: 12 s of the steady rate. */
export function userLimitsOf(config: { USER_REQUESTS_PER_SECOND: number; USER_REQUESTS_IN_FLIGHT: number }) {
  return {
    burst: Math.ceil(config.USER_REQUESTS_PER_SECOND * 12),
    perSecond: config.USER_REQUESTS_PER_SECOND,
    inFlight: config.USER_REQUESTS_IN_FLIGHT,
  };
}

interface Usage {
  tokens: number;
  refilledAt: number;
  inFlight: number;
}

export interface UserLimits {
  /** Counts the request in, or says why it is refused; the count goes down when its answer is done. */
  enter(userId: number | string, reply: FastifyReply): { msg: string; retryAfterSeconds: number } | null;
}

export function createUserLimits(options: UserLimitOptions): UserLimits {
  const usage = new Map<number | string, Usage>();
  // Users who went quiet with a full bucket need no entry.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [userId, use] of usage) {
      const full = use.tokens + ((now - use.refilledAt) / 1000) * options.perSecond >= options.burst;
      if (full && use.inFlight === 0) usage.delete(userId);
    }
  }, 60_000);
  sweep.unref();

  return {
    enter(userId, reply) {
      const now = Date.now();
      const use = usage.get(userId) ?? { tokens: options.burst, refilledAt: now, inFlight: 0 };
      usage.set(userId, use);
      use.tokens = Math.min(options.burst, use.tokens + ((now - use.refilledAt) / 1000) * options.perSecond);
      use.refilledAt = now;
      if (use.inFlight >= options.inFlight) return { msg: SERVER_TEXT.tooManyCalls, retryAfterSeconds: 1 };
      if (use.tokens < 1) {
        return { msg: SERVER_TEXT.tooManyCalls, retryAfterSeconds: Math.ceil((1 - use.tokens) / options.perSecond) };
      }
      use.tokens -= 1;
      use.inFlight += 1;
      // 'close' comes once the answer is sent or the client went away, whichever happens.
      reply.raw.once('close', () => {
        use.inFlight -= 1;
      });
      return null;
    },
  };
}
