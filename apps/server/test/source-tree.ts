/** The repository's source files, for the tests that read code as text (layers, data-layers). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** The text of a file named relative to the repository. */
export const readSource = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Every source file below `folder` (relative to the repository, with `/`), but for dependencies and builds. */
export function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory() && !['node_modules', 'dist'].includes(entry.name)) files.push(...sourceFiles(path));
    else if (entry.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) files.push(path);
  }
  return files;
}
