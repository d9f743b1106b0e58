import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { withdrawals } from '../db/schema.ts';
import { visibleOwner, visibleRows } from './access.ts';
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
    expect(() => visibleOwner(member, 8)).toThrow(expect.objectContaining({ code: 'forbidden' }));
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
    expect(() => visibleOwner(admin, 7, 'devOnly')).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });
});

describe('visibleRows: the same as a condition on the owner column', () => {
  const query = (actor: Actor, named?: number) => {
    const condition = visibleRows(actor, withdrawals.user_id, named);
    return condition && new PgDialect().sqlToQuery(condition);
  };

  it('keeps a caller outside the managing group to their own rows, and the managing group to the user named', () => {
    expect(query(member)).toMatchObject({ sql: '"withdrawals"."user_id" = $1', params: [7] });
    expect(query(admin, 7)).toMatchObject({ sql: '"withdrawals"."user_id" = $1', params: [7] });
  });

  it('puts no condition on the managing group when nobody is named', () => {
    expect(query(admin)).toBeUndefined();
  });
});
