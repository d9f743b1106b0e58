import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { keyKeeper } from './idempotency-key.ts';

function counting() {
  let made = 0;
  return keyKeeper(() => {
    made += 1;
    return `k${made}`;
  });
}

describe('keyKeeper', () => {
  it('sends a retry of the same values after a failure on the way with the same key', () => {
    const keys = counting();
    expect(keys.keyFor({ nominal: 10_000 })).toBe('k1');
    keys.settle(new ApiError(0, 'Network error'));
    expect(keys.keyFor({ nominal: 10_000 })).toBe('k1');
    keys.settle(new TypeError('failed to fetch'));
    expect(keys.keyFor({ nominal: 10_000 })).toBe('k1');
  });

  it('makes a new key for other values, and after any answer of the server', () => {
    const keys = counting();
    expect(keys.keyFor({ nominal: 10_000 })).toBe('k1');
    expect(keys.keyFor({ nominal: 20_000 })).toBe('k2');
    keys.settle();
    expect(keys.keyFor({ nominal: 20_000 })).toBe('k3');
    keys.settle(new ApiError(409, 'Saldo tidak mencukupi'));
    expect(keys.keyFor({ nominal: 20_000 })).toBe('k4');
  });
});
