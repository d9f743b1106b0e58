import { describe, expect, it } from 'vitest';
import { formatPairingCode } from './pairing-code.ts';

describe('formatPairingCode', () => {
  it('shows 4 characters, a dash, then the rest', () => {
    expect(formatPairingCode('ABCD2345')).toBe('ABCD-2345');
    expect(formatPairingCode('ABC')).toBe('ABC');
  });
});
