/**
 * How long a dropped session waits before it connects again. Thousands of sessions drop together when a
 * proxy or the network blinks; with a plain doubling they would all come back in the same instants, so each
 * delay is drawn at random from the upper half of its step.
 */

/** The longest wait between two tries. */
export const MAX_RECONNECT_MS = 60_000;
/** Restarts (515) in a row, without the connection opening in between, taken at once; later ones back off. */
export const MAX_QUICK_RESTARTS = 3;

/** The wait before try `attempt` (0 the first): doubling from `baseMs` up to `capMs`, jittered. */
export function reconnectDelay(attempt: number, baseMs: number, capMs = MAX_RECONNECT_MS, random = Math.random) {
  const step = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (random() * step) / 2);
}
