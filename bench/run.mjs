// `npm run bench`: runs every benchmark in this folder in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import { run } from '../scripts/run.mjs';

const only = process.argv[2];
for (const file of readdirSync(new URL('.', import.meta.url)).sort()) {
  if (!file.endsWith('.bench.mjs') || (only && !file.includes(only))) continue;
  process.stdout.write(`\n## ${file}\n`);
  // tsx lets a benchmark read the shared contract's TypeScript (the route table, for one).
  const status = run(process.execPath, ['--import', 'tsx', new URL(file, import.meta.url).pathname]);
  if (status !== 0) process.exit(status);
}
