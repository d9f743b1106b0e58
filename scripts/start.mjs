// `npm start`: build what is missing or older than its sources, then run the server in this process
// (it migrates, seeds an empty database and prints the URL and logins).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { step } from './run.mjs';
import { stopWithParent } from './stop-with-parent.mjs';

function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) visit(path);
  return latest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const contract = 'packages/contract/src';

const web = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'apps/web/scripts',
  contract,
];
if (builtAt('apps/web/dist/index.html') < newest(web)) {
  step('Building the dashboard', 'npm', ['run', 'build', '--workspace', 'apps/web']);
}
const server = ['apps/server/src', 'apps/server/build.mjs', contract];
if (builtAt('apps/server/dist/main.js') < newest(server)) {
  step('Building the server', 'npm', ['run', 'build', '--workspace', 'apps/server']);
}
stopWithParent();
await import('../apps/server/dist/main.js');
