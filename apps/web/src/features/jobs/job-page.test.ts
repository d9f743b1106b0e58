import { describe, expect, it } from 'vitest';
import { jobPageSearch, listedUser } from './job-page.ts';

describe('the job lists ask for', () => {
  it("the user's own jobs, except a dev's, who sees everyone's (spec part 2 §6)", () => {
    expect(listedUser({ id: 4, role: 'staff' })).toBe(4);
    expect(listedUser({ id: 5, role: 'admin' })).toBe(5);
    // Any role other than member, staff or dev acts as admin.
    expect(listedUser({ id: 6, role: 'owner' })).toBe(6);
    expect(listedUser({ id: 7, role: 'dev' })).toBeUndefined();
  });

  it('page, user_id, search and status, leaving out what is unset', () => {
    expect(jobPageSearch({ page: 2 })).toBe('page=2');
    expect(jobPageSearch({ page: 1, user_id: 4, search: '0812 34', status: 'finished' })).toBe(
      'page=1&user_id=4&search=0812+34&status=finished',
    );
  });
});
