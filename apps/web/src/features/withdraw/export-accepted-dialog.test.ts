import { describe, expect, it } from 'vitest';
import { thisMonth } from './export-accepted-dialog.tsx';

describe('thisMonth', () => {
  it('spans the first to the last day of the month, leap February included', () => {
    expect(thisMonth(new Date(2028, 1, 15))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(thisMonth(new Date(2026, 11, 31, 23, 59))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
