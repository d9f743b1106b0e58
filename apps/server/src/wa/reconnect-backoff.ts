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

/** One session's reconnects: the waits between tries after a drop, and the 515 restarts taken at once. */
export class Reconnects {
  private attempts = 0;
  /** 515s in a row since the connection last opened. */
  private restarts = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly baseMs: number) {}

  /** The connection opened: the next drop waits the shortest wait again. */
  opened() {
    this.attempts = 0;
    this.restarts = 0;
  }

  /** A 515: taken at once up to MAX_QUICK_RESTARTS in a row; a server asking again waits as a drop does. */
  restartAtOnce(): boolean {
    this.restarts += 1;
    return this.restarts <= MAX_QUICK_RESTARTS;
  }

  /** Runs `retry` after the next wait, in place of any retry still waiting. */
  schedule(retry: () => void) {
    const delay = reconnectDelay(this.attempts, this.baseMs);
    this.attempts += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(retry, delay);
    this.timer.unref();
  }

  cancel() {
    clearTimeout(this.timer);
  }
}
