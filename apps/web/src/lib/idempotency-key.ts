/**
 * One `Idempotency-Key` per operation a form means (DESIGN §9): the same values sent again while the outcome
 * is unknown (the request failed on the way) go with the same key, so that the server answers the retry as
 * the first and moves the money once; once the server has answered, the next submit is a new operation.
 */
import { useState } from 'react';
import { ApiError } from './api.ts';

export interface KeyKeeper {
  /** The key to send `values` with: the last one while they are the same values and still unanswered. */
  keyFor(values: unknown): string;
  /** Records how the call ended: anything but a failure before the server answered retires the key. */
  settle(error?: unknown): void;
}

export function keyKeeper(newKey: () => string = () => crypto.randomUUID()): KeyKeeper {
  let current: { values: string; key: string } | null = null;
  return {
    keyFor(values) {
      const sent = JSON.stringify(values);
      if (current?.values !== sent) current = { values: sent, key: newKey() };
      return current.key;
    },
    settle(error) {
      const unanswered = error instanceof ApiError ? error.status === 0 : error !== undefined;
      if (!unanswered) current = null;
    },
  };
}

/** A form's key keeper, kept for as long as the form is on screen. */
export function useKeyKeeper(): KeyKeeper {
  const [keeper] = useState(() => keyKeeper());
  return keeper;
}
