import { describe, expect, it } from 'vitest';
import { usableToken } from './token.ts';

describe('usableToken', () => {
  it('keeps a token that is text', () => {
    expect(usableToken('eyJhbGciOi.x.y')).toBe('eyJhbGciOi.x.y');
  });

  it('treats a blank or non-text token as absent', () => {
    for (const value of [undefined, null, '', '   ', '\n', 42, {}, ['t']]) expect(usableToken(value)).toBeNull();
  });
});
