import { and, eq, like } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog, phoneNumbers, users } from '../db/schema.ts';
import { listKey } from './page-seek.ts';

const newest = { columns: [phoneNumbers.id], desc: true };
const named = (part: string) => like(phoneNumbers.name, `%${part}%`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the key a list is remembered by', () => {
  it('is the same for the same filter built twice, and differs with any value, column, table or order', () => {
    expect(listKey(phoneNumbers, named('budi'), newest)).toBe(listKey(phoneNumbers, named('budi'), newest));
    const keys = [
      listKey(phoneNumbers, named('budi'), newest),
      listKey(phoneNumbers, named('budis'), newest),
      listKey(phoneNumbers, eq(phoneNumbers.status, 'active'), newest),
      listKey(phoneNumbers, eq(phoneNumbers.source, 'active'), newest),
      listKey(phoneNumbers, undefined, newest),
      listKey(phoneNumbers, undefined, { columns: [phoneNumbers.id], desc: false }),
      listKey(phoneNumbers, undefined, { columns: [phoneNumbers.created_at, phoneNumbers.id], desc: true }),
      listKey(auditLog, undefined, { columns: [auditLog.id], desc: true }),
      listKey(users, eq(users.role, 'member'), { columns: [users.id], desc: true }),
      listKey(users, eq(users.role, 'staff'), { columns: [users.id], desc: true }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('compiles no SQL for the table and order, and each filter object once', () => {
    const compiled = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const members = eq(users.role, 'member');
    const order = { columns: [users.created_at, users.id], desc: true };
    listKey(phoneNumbers, undefined, newest);
    expect(compiled).not.toHaveBeenCalled();
    const key = listKey(users, members, order);
    // As a page asks on every request: the same constant, or the one condition `and()` wrapped anew.
    expect(listKey(users, members, order)).toBe(key);
    expect(listKey(users, and(members), order)).toBe(key);
    expect(listKey(users, and(members, undefined), order)).toBe(key);
    expect(compiled).toHaveBeenCalledTimes(1);
  });
});
