// Small helpers shared by the start and test scripts: run a command, fail loudly.
import { spawn, spawnSync } from 'node:child_process';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function step(title, command, args, options) {
  process.stdout.write(`\n▶ ${title}\n`);
  const status = run(command, args, options);
  if (status !== 0) {
    process.stderr.write(`\n✖ ${title} failed (exit ${status})\n`);
    process.exit(status);
  }
}

/**
 * Starts every `{ title, command, args }` at once and shows their output one after another, as if they had
 * run in turn: the first's as it comes, each next one's held back until those before it have ended, then
 * shown whole and followed as it comes. Resolves, once all have ended, to each one's exit status and the
 * moments (performance.now()) it began and ended, in the order given.
 */
export function runAtOnce(commands, env = process.env) {
  let shown = 0;
  const held = commands.map(({ title }) => [[process.stdout, `\n▶ ${title}\n`]]);
  const ended = commands.map(() => false);
  const flush = () => {
    for (const [stream, chunk] of held[shown]?.splice(0) ?? []) stream.write(chunk);
  };
  flush();
  return Promise.all(
    commands.map(
      ({ command, args }, index) =>
        new Promise((resolve, reject) => {
          const at = performance.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
          const show = (stream) => (chunk) => {
            if (index === shown) stream.write(chunk);
            else held[index].push([stream, chunk]);
          };
          child.stdout.on('data', show(process.stdout));
          child.stderr.on('data', show(process.stderr));
          child.on('error', reject);
          child.on('close', (code) => {
            ended[index] = true;
            while (ended[shown]) {
              shown += 1;
              flush();
            }
            resolve({ status: code ?? 1, at, end: performance.now() });
          });
        }),
    ),
  );
}
