import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { levels, messageTemplates, phoneNumbers, proxies, settings, users } from '../src/db/schema.ts';
import { seed } from '../src/seed.ts';
import { createTestDatabase } from './harness.ts';

const count = async (database: Database, table: PgTable) => {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n;
};

describe('seeding an empty database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('creates the dev from ADMIN_EMAIL/ADMIN_PASSWORD without printing the password', async () => {
    const logins = await seed(database.db, {
      adminEmail: 'Boss@Example.com',
      adminPassword: 'boss-pass-1',
      demo: false,
    });
    expect(logins).toEqual([{ role: 'dev', email: 'boss@example.com', password: null }]);
    expect(await count(database, users)).toBe(1);
    expect(await count(database, settings)).toBe(1);
    expect(await count(database, phoneNumbers)).toBe(0);
  });

  it('does nothing once the database has users', async () => {
    expect(await seed(database.db, { demo: true })).toBeNull();
    expect(await count(database, users)).toBe(1);
  });
});

describe('seeding demo data', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('adds every demo row of DESIGN §1 and a printable login for each person', async () => {
    const logins = await seed(database.db, { demo: true });
    expect(logins?.map((login) => login.role)).toEqual(['dev', 'admin', 'staff', 'member', 'member']);
    expect(logins?.[0]?.email).toBe('dev@sewablast.local');
    for (const login of logins ?? []) expect(login.password).toMatch(/^[\w-]{12}$/);
    expect(new Set(logins?.map((login) => login.password)).size).toBe(5);

    expect(await count(database, users)).toBe(5);
    expect(await count(database, levels)).toBe(3);
    expect(await count(database, phoneNumbers)).toBe(50);
    expect(await count(database, proxies)).toBe(5);
    expect(await count(database, messageTemplates)).toBe(3);
    const [setting] = await database.db.select().from(settings);
    expect(setting).toMatchObject({ bank_names: 'BCA, MANDIRI, BRI', colors: '#2C2C2C, #3E3A32', referral_percent: 0 });

    const members = await database.db.select().from(users).where(sql`${users.role} = 'member'`);
    const [budi, siti] = members.sort((a, b) => a.id - b.id);
    expect(siti?.referred_by).toBe(budi?.id);
  });
});
