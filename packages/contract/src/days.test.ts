import { describe, expect, it } from 'vitest';
import { AUDIT_TEXT } from './audit-text.ts';
import { FIRST_DAY, LAST_DAY, withDayFilter, ZDay, ZDayRange } from './days.ts';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('days in queries', () => {
  it('takes the service’s years, both ends included, and refuses the days around them', () => {
    for (const day of [FIRST_DAY, '2026-02-28', '2028-02-29', LAST_DAY]) expect(ZDay.safeParse(day).success).toBe(true);
    const outside = AUDIT_TEXT.dayOutOfRange(FIRST_DAY, LAST_DAY);
    for (const day of ['0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])
      expect(issues(ZDay.safeParse(day))).toEqual([['', outside]]);
    expect(issues(ZDay.safeParse('2026-02-30'))).toEqual([['', AUDIT_TEXT.badDate]]);
  });

  it('names `to` when a period runs backwards, and lets a filter leave either end open', () => {
    expect(issues(ZDayRange.safeParse({ from: '2026-02-01', to: '2026-01-31' }))).toEqual([
      ['to', AUDIT_TEXT.badRange],
    ]);
    expect(ZDayRange.safeParse({ from: '2026-01-31', to: '2026-01-31' }).success).toBe(true);
    const filter = withDayFilter({});
    expect(filter.safeParse({}).success).toBe(true);
    expect(filter.safeParse({ to: '2026-01-31' }).success).toBe(true);
    expect(issues(filter.safeParse({ from: '2026-02-01', to: '2026-01-31' }))).toEqual([['to', AUDIT_TEXT.badRange]]);
  });
});
