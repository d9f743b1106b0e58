import { ZErrorResponse } from '@sewablast/contract/errors';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../lib/app-error.ts';
import { failuresOf, KEPT_STATUS, STATUS_OF } from './errors.ts';

describe('failuresOf: the failure answers of a route schema', () => {
  it('declares each status named, and only those, as the one failure body', () => {
    const failures = failuresOf(400, 403, 429);
    expect(Object.keys(failures)).toEqual(['400', '403', '429']);
    for (const schema of Object.values(failures)) expect(schema).toBe(ZErrorResponse);
  });
});

describe('KEPT_STATUS: the status an Idempotency-Key keeps with its answer', () => {
  it('keeps a refusal as its code’s status and a done call as 200, and reads each back as it was', () => {
    for (const code of Object.keys(STATUS_OF) as ErrorCode[]) {
      expect(KEPT_STATUS.refusedOf(KEPT_STATUS.of(code))).toBe(code);
    }
    expect(KEPT_STATUS.of('conflict')).toBe(409);
    expect(KEPT_STATUS.of(undefined)).toBe(200);
    expect(KEPT_STATUS.refusedOf(200)).toBeUndefined();
  });
});
