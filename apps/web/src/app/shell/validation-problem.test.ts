import { TEXT } from '@sewablast/contract/texts';
import { describe, expect, it } from 'vitest';
import { validationProblem } from './validation-problem.ts';

describe('validationProblem', () => {
  it('shows nothing for a valid token, while waiting, or on a 401 (which signs out)', () => {
    expect(validationProblem({ isvalid: true }, null)).toBeNull();
    expect(validationProblem(undefined, null)).toBeNull();
    expect(validationProblem(undefined, { status: 401, body: { isvalid: false, msg: 'expired' } })).toBeNull();
  });

  it('reads msg, then err, then falls back to Validate failed', () => {
    expect(validationProblem({ isvalid: false, msg: 'Token rusak', err: 'x' }, null)).toBe('Token rusak');
    expect(validationProblem({ isvalid: false, err: 'jwt malformed' }, null)).toBe('jwt malformed');
    expect(validationProblem({ isvalid: false }, null)).toBe(TEXT.validateFailed);
    expect(validationProblem(undefined, { status: 500, body: { err: 'db down' } })).toBe('db down');
    expect(validationProblem(undefined, { status: 503, body: {} })).toBe(TEXT.validateFailed);
  });

  it('calls a request that never got an answer an internal error', () => {
    expect(validationProblem(undefined, { status: 0, body: {} })).toBe(TEXT.internalError);
  });
});
