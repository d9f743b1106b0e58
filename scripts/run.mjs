// Small helpers shared by the start and test scripts: run a command, fail loudly.
import { spawnSync } from 'node:child_process';

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
