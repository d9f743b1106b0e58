// `npm test`: lint and format, type-check, migration drift, build, then the unit and integration tests and
// the browser tests (in Debian's Chromium, installed here when missing and running as root) at once: each
// waits on timers, child processes and pages for much of its time, which the other fills on the same cores.
// The browser tests' output is held back until the unit tests' has been shown. Each stage's wall time and
// the total are printed at the end, a failed run's too: CI's time budget is read from them.
import { existsSync } from 'node:fs';
import { run, runAtOnce, step as untimedStep } from './run.mjs';

const started = performance.now();
/** Each stage, when it began and (once known) ended; a stage without an end lasts until the next begins. */
const stages = [];
const begin = (title) => {
  const stage = { title, at: performance.now() };
  stages.push(stage);
  return stage;
};
const step = (title, ...command) => {
  const stage = begin(title);
  untimedStep(title, ...command);
  stage.end = performance.now();
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
process.on('exit', () => {
  const end = performance.now();
  const lines = stages.map(({ title, at, end: ended, alongside }, index) => {
    const from = alongside ? ` (alongside the one above, from ${((at - started) / 1000).toFixed(1)} s)` : '';
    return `${seconds((ended ?? stages[index + 1]?.at ?? end) - at)}  ${title}${from}`;
  });
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
const migrations = stages.at(-1);
if (migrations) migrations.end = performance.now();
// Before the tests, which the browser stage needs built and the unit stage does not mind.
step('Build (dashboard and server)', 'npm', ['run', 'build']);
const tests = [
  {
    title: "Unit and integration tests (Vitest, on PostgreSQL: TEST_DATABASE_URL's or an embedded one for the run)",
    command: 'npx',
    args: ['--no-install', 'vitest', 'run'],
  },
  {
    title: 'Browser tests (Playwright in Chromium against the real server)',
    command: 'npx',
    args: ['--no-install', 'vitest', 'run', '--config', 'e2e/vitest.config.ts'],
  },
];
const testStages = tests.map(({ title }, index) => Object.assign(begin(title), { alongside: index > 0 }));
// Colours as a terminal would show them, though the output passes through a pipe.
const results = await runAtOnce(tests, process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env);
let status = 0;
for (const [index, result] of results.entries()) {
  Object.assign(testStages[index], { at: result.at, end: result.end });
  if (result.status === 0) continue;
  process.stderr.write(`\n✖ ${tests[index].title} failed (exit ${result.status})\n`);
  status ||= result.status;
}
if (status) process.exit(status);
process.stdout.write('\n✔ All checks passed\n');
