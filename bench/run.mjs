// `npm run bench`: runs every benchmark in this folder in turn; each prints its own figures beside its budget.
// With BENCH_POSTGRES_URL (any database of a PostgreSQL server the benchmarks may create databases on), each
// benchmark gets an empty database of its own as DATABASE_URL, dropped after it; without it each runs on what it
// opens itself (the servers they start, and the in-process ones through lib/database.mjs, an embedded PostgreSQL).
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { run } from '../scripts/run.mjs';

const only = process.argv[2];
const server = process.env.BENCH_POSTGRES_URL;

async function admin(sql) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

for (const file of readdirSync(new URL('.', import.meta.url)).sort()) {
  if (!file.endsWith('.bench.mjs') || (only && !file.includes(only))) continue;
  process.stdout.write(`\n## ${file}\n`);
  const env = { ...process.env };
  const name = `sewablast_bench_${file.replace('.bench.mjs', '').replaceAll('-', '_')}`;
  if (server) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  // tsx lets a benchmark read the shared contract's TypeScript (the route table, for one).
  const status = run(process.execPath, ['--import', 'tsx', new URL(file, import.meta.url).pathname], { env });
  if (server) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (status !== 0) process.exit(status);
}
