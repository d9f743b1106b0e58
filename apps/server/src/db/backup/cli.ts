/**
 * `npm run backup [FILE]` and `npm run restore FILE` (docs/operations.md, Backups): DATABASE_URL's
 * database, or the embedded one in DATA_DIR, whether the service runs or not.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { ConfigError, parseConfig } from '../../config.ts';
import { kindOf, startEmbeddedPostgres } from '../embedded/cluster.ts';
import { withDatabaseUrl } from '../embedded/default-database.ts';
import { dumpPostgres } from './dump.ts';
import { RestoreError, restoreDump } from './restore.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

function defaultFile(dataDir: string): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return join(dataDir, 'backups', `sewablast-${stamp}.sewablast-backup`);
}

async function backup(file: string | undefined): Promise<void> {
  const config = parseConfig(process.env);
  const target = resolve(file ?? defaultFile(config.DATA_DIR));
  mkdirSync(dirname(target), { recursive: true });
  // A generated signing key lives in DATA_DIR, not in the database: without it, a restored service
  // could not open the two-factor secrets it seals.
  const keyFile = join(config.DATA_DIR, 'jwt-secret');
  const jwtSecret = !config.JWT_SECRET && existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined;
  const header = await withDatabaseUrl(config, say, async (url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await dumpPostgres(client, target, { jwtSecret });
    } finally {
      await client.end();
    }
  });
  say(`Backup written: ${target} (${header.tables.length} tables, ${header.migrations.length} migrations)`);
}

async function restore(file: string | undefined): Promise<void> {
  if (!file || !existsSync(file)) throw new RestoreError(`usage: npm run restore FILE (a file npm run backup wrote)`);
  const config = parseConfig(process.env);
  if (config.DATABASE_URL) {
    await restoreDump(resolve(file), config.DATABASE_URL);
    say(`Restored ${file} into DATABASE_URL's database.`);
    return;
  }
  const dir = join(config.DATA_DIR, 'pg');
  if (kindOf(dir) !== 'none') {
    throw new RestoreError(
      `${dir} already holds a database: restore goes into an empty DATA_DIR. Stop the server and move ${dir} away, or set DATA_DIR to an empty folder.`,
    );
  }
  const embedded = await startEmbeddedPostgres({ dir, log: say });
  try {
    const header = await restoreDump(resolve(file), embedded.url);
    const keyFile = join(config.DATA_DIR, 'jwt-secret');
    if (header.jwtSecret && !existsSync(keyFile)) writeFileSync(keyFile, header.jwtSecret, { mode: 0o600 });
  } catch (error) {
    await embedded.stop();
    // Nothing half-restored stays behind: DATA_DIR is as empty as it was.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  await embedded.stop();
  say(`Restored ${file} into ${dir}; npm start serves it.`);
}

const [command, file] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(file);
  else if (command === 'restore') await restore(file);
  else throw new RestoreError('usage: cli.ts backup [FILE] | restore FILE');
} catch (error) {
  const known = error instanceof RestoreError || error instanceof ConfigError;
  process.stderr.write(`${command} failed: ${known ? error.message : error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
}
