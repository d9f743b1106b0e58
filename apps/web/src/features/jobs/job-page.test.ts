import { describe, expect, it } from 'vitest';
import { listedUser } from './job-page.ts';

describe('the job lists ask for', () => {
  it("the user's own jobs, except a dev's, who sees everyone's (spec part 2 §6)", () => {
    expect(listedUser({ id: 4, role: 'staff' })).toBe(4);
    expect(listedUser({ id: 5, role: 'admin' })).toBe(5);
    // Any role other than member, staff or dev acts as admin.
    expect(listedUser({ id: 6, role: 'owner' })).toBe(6);
    expect(listedUser({ id: 7, role: 'dev' })).toBeUndefined();
  });
});
