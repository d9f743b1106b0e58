import { ZErrorResponse } from '@sewablast/contract/errors';
import { describe, expect, it } from 'vitest';
import { failuresOf } from './errors.ts';

describe('failuresOf: the failure answers of a route schema', () => {
  it('declares each status named, and only those, as the one failure body', () => {
    const failures = failuresOf(400, 403, 429);
    expect(Object.keys(failures)).toEqual(['400', '403', '429']);
    for (const schema of Object.values(failures)) expect(schema).toBe(ZErrorResponse);
  });
});
