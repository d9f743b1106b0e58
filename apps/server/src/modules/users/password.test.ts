import { verify } from '@node-rs/argon2';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { setPassword } from './password.ts';

const dialect = new PgDialect();
const rendered = (value: SQL) => dialect.sqlToQuery(sql`${value}`).sql;

describe('setPassword: the columns of a new password', () => {
  it('stores a hash of the password, never the password', async () => {
    const columns = await setPassword('rahasia-baru-1', 'own');
    expect(columns.password_hash).not.toContain('rahasia-baru-1');
    expect(await verify(columns.password_hash, 'rahasia-baru-1')).toBe(true);
  });

  it('raises the token version whoever chose it, which ends every earlier session', async () => {
    for (const origin of ['temporary', 'own', 'given'] as const) {
      expect(rendered((await setPassword('x', origin)).token_version)).toBe('"users"."token_version" + 1');
    }
  });

  it('marks a temporary password to be changed, as of now', async () => {
    const before = Date.now();
    const columns = await setPassword('x', 'temporary');
    expect(columns.must_change_password).toBe(true);
    expect(columns.temporary_password_at?.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("clears the mark when users choose their own, and leaves it to an admin's profile edit", async () => {
    expect(await setPassword('x', 'own')).toMatchObject({ must_change_password: false, temporary_password_at: null });
    const given = await setPassword('x', 'given');
    expect(given).not.toHaveProperty('must_change_password');
    expect(given).not.toHaveProperty('temporary_password_at');
  });
});
