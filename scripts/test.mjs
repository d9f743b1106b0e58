// `npm test`: lint and format, type-check, migration drift, unit and integration tests, build, then the
// browser tests in Debian's Chromium (installed here when missing and running as root). Each stage's wall
// time and the total are printed at the end, a failed run's too: CI's time budget is read from them.
import { existsSync } from 'node:fs';
import { run, step as untimedStep } from './run.mjs';

const started = performance.now();
/** Each stage and when it began: it lasts until the next one begins, or the run ends. */
const stages = [];
const begin = (title) => stages.push({ title, at: performance.now() });
const step = (title, ...command) => {
  begin(title);
  untimedStep(title, ...command);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
process.on('exit', () => {
  const end = performance.now();
  const lines = stages.map(({ title, at }, index) => `${seconds((stages[index + 1]?.at ?? end) - at)}  ${title}`);
  process.stdout.write(`\nWall time:\n${lines.join('\n')}\n${seconds(end - started)}  total\n`);
});

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(
      `The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
  step('Installing Debian chromium for the browser tests', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null',
  ]);
}

ensureChromium();
const npx = (args) => ['npx', ['--no-install', ...args]];
step('Lint and format (Biome)', ...npx(['biome', 'ci', '.']));
step('Type-check (tsc -b)', ...npx(['tsc', '-b']));
begin('Migrations match the schema');
process.stdout.write('\n▶ Migrations match the schema (drizzle-kit generate makes none)\n');
const drift = run('sh', [
  '-c',
  'cd apps/server && npx --no-install drizzle-kit generate | grep -q "No schema changes"',
]);
if (drift !== 0) {
  process.stderr.write('✖ The schema changed without a migration: run `npm run db:generate` and commit it.\n');
  process.exit(1);
}
step(
  "Unit and integration tests (Vitest, on PostgreSQL: TEST_DATABASE_URL's or an embedded one for the run)",
  ...npx(['vitest', 'run']),
);
step('Build (dashboard and server)', 'npm', ['run', 'build']);
step(
  'Browser tests (Playwright in Chromium against the real server)',
  ...npx(['vitest', 'run', '--config', 'e2e/vitest.config.ts']),
);
process.stdout.write('\n✔ All checks passed\n');
