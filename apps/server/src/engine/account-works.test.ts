import { CONNECTION_STATES } from '@sewablast/contract/whatsapp-states';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { users, whatsappAccounts } from '../db/schema.ts';
import { CAN_WORK, canWork, WANTS_BLAST, wantsBlast } from './account-works.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

it('says in SQL what it says in TypeScript, for every state, suspension and blast', async () => {
  const [user] = await database.db
    .insert(users)
    .values({ firstname: 'A', lastname: 'B', email: 'works@test.local', password_hash: 'x', referral_code: 'WORKS1' })
    .returning();
  if (!user) throw new Error('no user');
  const rows = CONNECTION_STATES.flatMap((state) =>
    [false, true].flatMap((suspended) => [false, true].map((blasting) => ({ state, suspended, blasting }))),
  );
  await database.db.insert(whatsappAccounts).values(
    rows.map((row, index) => ({
      ...row,
      clientid: `works-${index}`,
      user_id: user.id,
      phonenumber: `62811${String(index).padStart(6, '0')}`,
    })),
  );
  const read = await database.db
    .select({
      state: whatsappAccounts.state,
      suspended: whatsappAccounts.suspended,
      blasting: whatsappAccounts.blasting,
      canWork: CAN_WORK,
      wantsBlast: WANTS_BLAST,
    })
    .from(whatsappAccounts);
  expect(read).toHaveLength(rows.length);
  for (const row of read) {
    expect({ ...row, canWork: canWork(row), wantsBlast: wantsBlast(row) }).toEqual(row);
  }
  expect(read.filter((row) => row.wantsBlast)).toEqual([
    { state: 'connected', suspended: false, blasting: true, canWork: true, wantsBlast: true },
  ]);
});
