import { describe, expect, it } from 'vitest';
import { visibleOwner } from './access.ts';
import type { Actor } from './actor.ts';

const member: Actor = { id: 7, role: 'member' };
const staff: Actor = { id: 8, role: 'staff' };
const admin: Actor = { id: 9, role: 'admin' };

describe('visibleOwner: whose rows a list shows', () => {
  it('shows a caller outside the managing group their own rows, named or not', () => {
    expect(visibleOwner(member, undefined)).toBe(7);
    expect(visibleOwner(member, 7)).toBe(7);
  });

  it("refuses a caller outside the managing group another user's rows", () => {
    expect(() => visibleOwner(member, 8)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('shows the managing group everyone, or the user named', () => {
    expect(visibleOwner(admin, undefined)).toBeUndefined();
    expect(visibleOwner(admin, 7)).toBe(7);
  });

  it('follows the group a list names', () => {
    expect(visibleOwner(staff, undefined)).toBe(8);
    expect(visibleOwner(staff, undefined, 'backOffice')).toBeUndefined();
    expect(visibleOwner(staff, 7, 'backOffice')).toBe(7);
    expect(visibleOwner(admin, undefined, 'devOnly')).toBe(9);
    expect(() => visibleOwner(admin, 7, 'devOnly')).toThrow(expect.objectContaining({ status: 403 }));
  });
});
