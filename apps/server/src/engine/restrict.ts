/**
 * How long a blast waits when WhatsApp restricts its account: until the end WhatsApp told (its reach-out
 * timelock), else for a cool-down that doubles with each restriction in a row: from 1 minute up to 30 after
 * a 429 rate-overlimit, from 30 minutes up to 4 hours after a 463 of unknown cause.
 */
import { RATE_LIMITED } from './retry.ts';

export const COOL_DOWN_S = 60;
export const COOL_DOWN_MAX_S = 30 * 60;
export const RESTRICTED_WAIT_S = 30 * 60;
export const RESTRICTED_MAX_WAIT_S = 4 * 60 * 60;

/** Seconds to wait after the `inARow`th restriction in a row (1 the first), at `now` (ms). */
export function restrictionWait(
  restriction: { code: string; until: Date | null },
  inARow: number,
  now: number,
): number {
  if (restriction.until) return Math.max(1, Math.ceil((restriction.until.getTime() - now) / 1000));
  const [first, most] =
    restriction.code === RATE_LIMITED ? [COOL_DOWN_S, COOL_DOWN_MAX_S] : [RESTRICTED_WAIT_S, RESTRICTED_MAX_WAIT_S];
  return Math.min(most, first * 2 ** Math.min(inARow - 1, 20));
}
