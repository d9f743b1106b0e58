/** Level promotion, the ledger's rule (`levelReachedBy`, ledger/fee.ts) over the levels this module keeps. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { levels } from '../../db/schema.ts';
import { levelReachedBy } from '../../ledger/fee.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

it('puts a member on the highest level their successes reach, the newest of equals, none below the lowest', async () => {
  await database.db.delete(levels);
  const named = async (name: string, requirement_blast: number) => {
    const [level] = await database.db.insert(levels).values({ name, blast_fee: 100, requirement_blast }).returning();
    return level?.id;
  };
  const bronze = await named('Bronze', 10);
  const silver = await named('Silver', 50);
  const silverToo = await named('Silver Baru', 50);
  const reached = async (successes: number) => {
    const result = (await database.db.execute(
      sql`select ${levelReachedBy(sql`${successes}::int`)} as id`,
    )) as unknown as {
      rows: { id: number | null }[];
    };
    return result.rows[0]?.id ?? null;
  };
  expect(await reached(9)).toBeNull();
  expect(await reached(10)).toBe(bronze);
  expect(await reached(49)).toBe(bronze);
  expect(await reached(50)).toBe(silverToo);
  expect(await reached(5000)).toBe(silverToo);
  expect(silver).not.toBe(silverToo);
});
