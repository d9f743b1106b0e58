/**
 * A database worth backing up, for the backup and PGlite-move tests: the demo seed, then money (ledger
 * entries, a bonus, a withdrawal on hold), WhatsApp accounts with their session keys and sent messages,
 * sign-in sessions and a stored file; values with the characters COPY must escape. And its contents as
 * text, table by table, to compare a copy with its original.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import {
  bonuses,
  fileChunks,
  files,
  ledgerEntries,
  userSessions,
  users,
  whatsappAccounts,
  whatsappAuthKeys,
  whatsappSentMessages,
  withdrawals,
} from '../src/db/schema.ts';
import { seed } from '../src/seed.ts';

const AWKWARD = 'baris\nbaru\ttab \\ garis miring, "kutip", ünïcödé 🙂, \\.';

export async function fillDatabase(db: Db): Promise<void> {
  await seed(db, { adminEmail: 'dev@backup.test', adminPassword: 'devpass123', demo: true });
  const members = await db.select({ id: users.id }).from(users);
  const [first, second] = members.map((member) => member.id) as [number, number];
  await db.insert(ledgerEntries).values([
    { user_id: first, kind: 'blast_income', amount: 150, ref_table: 'message_logs', ref_id: 1 },
    { user_id: second, kind: 'referral', amount: 15, ref_table: 'message_logs', ref_id: 1 },
    { user_id: first, kind: 'bonus', amount: 250_000, ref_table: 'bonuses', ref_id: 1 },
    { user_id: first, kind: 'withdraw_hold', amount: -100_000, ref_table: 'withdrawals', ref_id: 1 },
  ]);
  await db.insert(bonuses).values({ user_id: first, admin_id: second, nominal: 250_000, reason: AWKWARD });
  await db.insert(withdrawals).values({
    user_id: first,
    nominal: 100_000,
    bank: 'BCA',
    account_number: '1234567890',
    account_name: AWKWARD,
  });
  const [account] = await db
    .insert(whatsappAccounts)
    .values({
      clientid: 'backup-device',
      user_id: first,
      phonenumber: '6281234567890',
      auth_state: { creds: { noiseKey: randomBytes(32).toString('base64'), note: AWKWARD } },
      income: 150,
      count_success: 1,
    })
    .returning({ id: whatsappAccounts.id });
  const accountId = account?.id as number;
  await db.insert(whatsappAuthKeys).values([
    { account_id: accountId, key: 'pre-key-1', value: { private: randomBytes(32).toString('base64') } },
    { account_id: accountId, key: 'session-628111', value: { record: AWKWARD } },
  ]);
  await db.insert(whatsappSentMessages).values({
    account_id: accountId,
    message_id: 'ABCD',
    content: Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  });
  await db.insert(userSessions).values([
    { user_id: first, version: 1, user_agent: AWKWARD, address: '127.0.0.1' },
    { user_id: second, version: 3, address: '::1', revoked_at: new Date() },
  ]);
  const bytes = randomBytes(200_000);
  const [file] = await db
    .insert(files)
    .values({ name: 'gambar.png', mime: 'image/png', size: bytes.length, user_id: first })
    .returning({ id: files.id });
  const fileId = file?.id as number;
  await db.insert(fileChunks).values([
    { file_id: fileId, position: 0, data: bytes.subarray(0, 65_536) },
    { file_id: fileId, position: 65_536, data: bytes.subarray(65_536) },
  ]);
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table's rows as text in one order, the migrations applied and the sequences' positions. */
export async function contentsOf(query: Query): Promise<Record<string, string>> {
  await query(`SET TimeZone = 'UTC'`);
  const tables = await query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const contents: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query(
      `SELECT count(*)::text || E'\\n' || coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') AS text FROM "${name}" t`,
    );
    contents[String(name)] = String(row?.text);
  }
  const [migrations] = await query(
    `SELECT string_agg(hash || ' ' || created_at, E'\\n' ORDER BY created_at) AS text FROM drizzle.__drizzle_migrations`,
  );
  contents['(migrations)'] = String(migrations?.text);
  const [sequences] = await query(
    `SELECT string_agg(sequencename || ' ' || coalesce(last_value::text, '-'), E'\\n' ORDER BY sequencename) AS text
     FROM pg_sequences WHERE schemaname = 'public'`,
  );
  contents['(sequences)'] = String(sequences?.text);
  return contents;
}
