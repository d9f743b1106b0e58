// `npm test`: lint and format, type-check, migration drift and the build at once (output shown stage after
// stage, each held back until those before it have been shown), then the unit and integration tests, then
// the browser tests (in Debian's Chromium, installed here when missing and running as root). Each stage's
// wall time and the total are printed at the end, a failed run's too: CI's time budget is read from them.
import { existsSync } from 'node:fs';
import { runAtOnce, step } from './run.mjs';

const started = performance.now();
/** Each stage that ran, when it began and ended, and whether it ran beside the one before. */
const stages = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
process.on('exit', () => {
  const lines = stages.map(
    ({ title, at, end, alongside }) =>
      `${seconds(end - at)}  ${title}${alongside ? ` (at once with the above, from ${seconds(at - started).trim()})` : ''}`,
  );
  process.stdout.write(`\nWall time:\n${lines.join('\n')}\n${seconds(performance.now() - started)}  total\n`);
});

/** Runs `commands` at once (runAtOnce), records their stages, and ends the run once they have if any failed. */
async function atOnce(commands) {
  const results = await runAtOnce(commands, process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env);
  let status = 0;
  for (const [index, { status: exit, at, end }] of results.entries()) {
    const { title, failure } = commands[index];
    stages.push({ title, at, end, alongside: index > 0 });
    if (exit === 0) continue;
    process.stderr.write(`\n✖ ${failure ?? `${title} failed (exit ${exit})`}\n`);
    status ||= exit;
  }
  if (status) process.exit(status);
}

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
  const at = performance.now();
  const title = 'Installing Debian chromium for the browser tests';
  step(title, 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null',
  ]);
  stages.push({ title, at, end: performance.now() });
}

const npx = (...args) => ({ command: 'npx', args: ['--no-install', ...args] });

ensureChromium();
await atOnce([
  { title: 'Lint and format (Biome)', ...npx('biome', 'ci', '.') },
  { title: 'Type-check (tsc -b)', ...npx('tsc', '-b') },
  {
    title: 'Migrations match the schema (drizzle-kit generate makes none)',
    command: 'sh',
    args: ['-c', 'cd apps/server && npx --no-install drizzle-kit generate | grep -q "No schema changes"'],
    failure: 'The schema changed without a migration: run `npm run db:generate` and commit it.',
  },
  // The browser tests need it; the unit tests do not read it.
  { title: 'Build (dashboard and server)', command: 'npm', args: ['run', 'build'] },
]);
// One after the other: at once (four files on two cores) they saved 150 s of 1,009 but timed out browser tests
// on a clean run (docs/performance.md, CI time).
await atOnce([
  {
    title: "Unit and integration tests (Vitest, on PostgreSQL: TEST_DATABASE_URL's or an embedded one for the run)",
    ...npx('vitest', 'run'),
  },
]);
await atOnce([
  {
    title: 'Browser tests (Playwright in Chromium against the real server)',
    ...npx('vitest', 'run', '--config', 'e2e/vitest.config.ts'),
  },
]);
process.stdout.write('\n✔ All checks passed\n');
