// Bundles the server into dist/main.js (the contract's TypeScript included) and the backup tool into
// dist/backup.js (for images without tsx: `node apps/server/dist/backup.js backup`), and copies the
// migrations beside them.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@sewablast/'));

rmSync('dist', { recursive: true, force: true });
for (const [entry, outfile] of [
  ['src/main.ts', 'dist/main.js'],
  ['src/db/backup/cli.ts', 'dist/backup.js'],
]) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
}
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
