import { describe, expect, it } from 'vitest';
import { pageMeta } from './paging.ts';

describe('pageMeta', () => {
  it('never names a page past the last one', () => {
    expect(pageMeta({ page: 99, limit: 10 }, 45)).toEqual({ page: 5, limit: 10, total: 45, totalPages: 5 });
    expect(pageMeta({ page: 2, limit: 10 }, 0)).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1 });
    expect(pageMeta({ page: 3, limit: 10 }, 45)).toEqual({ page: 3, limit: 10, total: 45, totalPages: 5 });
  });
});
