/**
 * Wakes, in this process, whoever waits for an account's row to change: the reconnect wait (retry.ts) reads
 * the row when the session's own event wrote it (session-events.ts) rather than twice a second. Only a wake-up:
 * the row stays what is read, and a change made by another process is still seen by the wait's slower look.
 */
const waiting = new Map<number, Set<() => void>>();

/** The session's event wrote the account's row. */
export function accountChanged(accountId: number): void {
  const wakes = waiting.get(accountId);
  if (!wakes) return;
  waiting.delete(accountId);
  for (const wake of wakes) wake();
}

/** Settles at the account's next change; `cancel` forgets the wait (it then never settles). */
export function nextChange(accountId: number): { changed: Promise<void>; cancel: () => void } {
  let wake = () => {};
  const changed = new Promise<void>((resolve) => {
    wake = resolve;
  });
  let wakes = waiting.get(accountId);
  if (!wakes) {
    wakes = new Set();
    waiting.set(accountId, wakes);
  }
  wakes.add(wake);
  return {
    changed,
    cancel: () => {
      const current = waiting.get(accountId);
      current?.delete(wake);
      if (current?.size === 0) waiting.delete(accountId);
    },
  };
}
