import { describe, expect, it } from 'vitest';
import { PAGING_TEXT, pageMeta } from './paging.ts';

describe('pageMeta', () => {
  it('never names a page past the last one', () => {
    expect(pageMeta({ page: 99, limit: 10 }, 45)).toEqual({ page: 5, limit: 10, total: 45, totalPages: 5 });
    expect(pageMeta({ page: 2, limit: 10 }, 0)).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1 });
    expect(pageMeta({ page: 3, limit: 10 }, 45)).toEqual({ page: 3, limit: 10, total: 45, totalPages: 5 });
  });
});

describe('a capped total', () => {
  it('is flagged in the meta and read as a floor', () => {
    expect(pageMeta({ page: 2, limit: 10 }, 1000, true)).toEqual({
      page: 2,
      limit: 10,
      total: 1000,
      totalPages: 100,
      capped: true,
    });
    expect(pageMeta({ page: 2, limit: 10 }, 45, false)).not.toHaveProperty('capped');
    expect(PAGING_TEXT.total('1.000', true)).toBe('lebih dari 1.000');
    expect(PAGING_TEXT.total('45', undefined)).toBe('45');
  });
});
