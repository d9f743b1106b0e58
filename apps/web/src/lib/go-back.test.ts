import { describe, expect, it } from 'vitest';
import { hasPageBefore } from './go-back.ts';

describe('hasPageBefore', () => {
  it('is true past the first entry the router made', () => {
    expect(hasPageBefore({ usr: null, key: 'a1', idx: 2 })).toBe(true);
    expect(hasPageBefore({ usr: null, key: 'a1', idx: 0 })).toBe(false);
  });

  it('is true when an earlier entry of this site is in the tab, though this document is new', () => {
    expect(hasPageBefore({ usr: null, key: 'a1', idx: 0 }, 3)).toBe(true);
    expect(hasPageBefore({ usr: null, key: 'a1', idx: 0 }, 0)).toBe(false);
  });

  it('is false for a tab opened straight on the form', () => {
    expect(hasPageBefore(null)).toBe(false);
    expect(hasPageBefore(undefined, 0)).toBe(false);
    expect(hasPageBefore({})).toBe(false);
    expect(hasPageBefore({ idx: '3' })).toBe(false);
  });
});
