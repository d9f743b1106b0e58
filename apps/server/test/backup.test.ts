/**
 * `npm run backup` and `npm run restore` (src/db/backup/cli.ts) as an operator runs them: a backup of the
 * embedded database taken while it runs and while money moves, restored into an empty DATA_DIR, and one of
 * DATABASE_URL's database restored into an empty database; each copy compared with its original table by
 * table, sequences and migrations included.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { startDefaultDatabase } from '../src/db/embedded/default-database.ts';
import { contentsOf, fillDatabase } from './backup-data.ts';
import { createPostgresDatabase, databaseServer } from './harness.ts';
import { withDatabase } from './run-database.ts';

const SERVER_DIR = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'sewablast-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup/cli.ts', ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const contentsAt = (url: string) =>
  withClient(url, (client) => contentsOf(async (text) => (await client.query(text)).rows));

/**
 * Until stopped, moves money the way the service does: a bonus and its ledger entry in one transaction.
 * A backup that read the two tables at different moments would hold one without the other.
 */
function moveMoney(url: string): { stop(): Promise<number> } {
  let running = true;
  const done = withClient(url, async (client) => {
    let moved = 0;
    const { rows } = await client.query<{ id: number }>('SELECT min(id) AS id FROM users');
    const user = rows[0]?.id;
    while (running) {
      await client.query('BEGIN');
      const bonus = await client.query<{ id: number }>(
        `INSERT INTO bonuses (user_id, nominal, reason) VALUES ($1, 1000, 'selama backup') RETURNING id`,
        [user],
      );
      await client.query(
        `INSERT INTO ledger_entries (user_id, kind, amount, ref_table, ref_id) VALUES ($1, 'bonus', 1000, 'bonuses', $2)`,
        [user, bonus.rows[0]?.id],
      );
      await client.query('COMMIT');
      moved++;
    }
    return moved;
  });
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

describe('backup and restore', () => {
  it('backs up the embedded database while it serves and restores it into an empty DATA_DIR', async () => {
    const source = join(scratch, 'source');
    const target = join(scratch, 'target');
    const file = join(scratch, 'embedded.sewablast-backup');
    // Held the way a running server holds it: the backup goes through this PostgreSQL, not a second one.
    const running = await startDefaultDatabase({ dataDir: source, log: () => {} });
    let copy: Awaited<ReturnType<typeof startDefaultDatabase>> | null = null;
    try {
      const database = await openDatabase({ url: running.url });
      await database.migrate();
      await fillDatabase(database.db);
      await database.close();
      writeFileSync(join(source, 'jwt-secret'), 'k'.repeat(64), { mode: 0o600 });

      const writer = moveMoney(running.url);
      const backup = await cli(['backup', file], { DATA_DIR: source });
      const moved = await writer.stop();
      expect(backup, backup.output).toMatchObject({ code: 0 });
      expect(moved).toBeGreaterThan(0);

      const restore = await cli(['restore', file], { DATA_DIR: target });
      expect(restore, restore.output).toMatchObject({ code: 0 });
      expect(readFileSync(join(target, 'jwt-secret'), 'utf8')).toBe('k'.repeat(64));

      copy = await startDefaultDatabase({ dataDir: target, log: () => {} });
      const restored = await contentsAt(copy.url);
      const { rows } = await withClient(copy.url, (client) =>
        client.query<{ bonuses: string; entries: string }>(
          `SELECT (SELECT count(*) FROM bonuses WHERE reason = 'selama backup') AS bonuses,
                    (SELECT count(*) FROM ledger_entries WHERE ref_table = 'bonuses' AND amount = 1000) AS entries`,
        ),
      );
      // Every bonus with its ledger entry, none without: one moment of the database.
      expect(rows[0]?.bonuses).toBe(rows[0]?.entries);
      // The rest as it was: the writer's rows are the only difference from the running database now.
      await withClient(running.url, async (client) => {
        const bonuses = Number(rows[0]?.bonuses);
        await client.query(
          `DELETE FROM ledger_entries WHERE ref_table = 'bonuses' AND amount = 1000 AND ref_id IN
            (SELECT id FROM bonuses WHERE reason = 'selama backup' ORDER BY id OFFSET $1)`,
          [bonuses],
        );
        await client.query(
          `DELETE FROM bonuses WHERE id IN
            (SELECT id FROM bonuses WHERE reason = 'selama backup' ORDER BY id OFFSET $1)`,
          [bonuses],
        );
      });
      const original = await contentsAt(running.url);
      expect({ ...restored, '(sequences)': '' }).toEqual({ ...original, '(sequences)': '' });
      expect(restored.ledger_entries).toContain('250000');
      // The sequences came along: a new row takes the next number rather than one the rows hold.
      await withClient(copy.url, (client) =>
        client.query(`INSERT INTO bonuses (user_id, nominal, reason) SELECT min(id), 1, 'baru' FROM users`),
      );

      const again = await cli(['restore', file], { DATA_DIR: target });
      expect(again.code).toBe(1);
      expect(again.output).toContain('already holds a database');
    } finally {
      await copy?.stop();
      await running.stop();
    }
  }, 240_000);

  it("backs up DATABASE_URL's database and restores it into an empty database", async () => {
    const source = await createPostgresDatabase();
    const admin = databaseServer();
    const empty = `sewablast_restore_${process.pid}`;
    const file = join(scratch, 'postgres.sewablast-backup');
    try {
      const database = await openDatabase({ url: source.url });
      await fillDatabase(database.db);
      await database.close();
      const backup = await cli(['backup', file], { DATABASE_URL: source.url, DATA_DIR: scratch });
      expect(backup, backup.output).toMatchObject({ code: 0 });

      await withClient(admin, (client) => client.query(`CREATE DATABASE ${empty}`));
      const restore = await cli(['restore', file], { DATABASE_URL: withDatabase(admin, empty), DATA_DIR: scratch });
      expect(restore, restore.output).toMatchObject({ code: 0 });
      expect(await contentsAt(withDatabase(admin, empty))).toEqual(await contentsAt(source.url));

      const again = await cli(['restore', file], { DATABASE_URL: withDatabase(admin, empty), DATA_DIR: scratch });
      expect(again.output).toContain('not empty');
    } finally {
      await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`));
      await source.drop();
    }
  }, 120_000);
});
