/**
 * The web's imports as its tests read them (first-load.test.ts, router.test.ts), parsed by the bundler's own
 * parser: an `import type` or an import of types alone costs nothing and is left out, and a dynamic `import()`
 * is a chunk of its own, followed only when asked.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseSync } from 'vite';

export const SRC = resolve(import.meta.dirname, '..');
const CONTRACT = resolve(SRC, '../../../packages/contract/src');

/** The file a specifier names, or the package's name for a bare one; null for what is not code (CSS). */
function target(specifier: string, from: string): string | null {
  if (specifier.startsWith('.')) return /\.tsx?$/.test(specifier) ? resolve(from, '..', specifier) : null;
  const contract = /^@sewablast\/contract\/(.+)$/.exec(specifier);
  if (contract) return resolve(CONTRACT, `${contract[1]}.ts`);
  return specifier;
}

/** What a module imports for its values (files by absolute path, packages by name), and lazily if asked. */
export function imports(file: string, { lazy = false } = {}): string[] {
  const source = readFileSync(file, 'utf8');
  const { module } = parseSync(file, source);
  const values = module.staticImports
    .filter(({ entries }) => entries.length === 0 || entries.some((entry) => !entry.isType))
    .map(({ moduleRequest }) => moduleRequest.value);
  const reexports = module.staticExports.flatMap(({ entries }) =>
    entries.flatMap(({ moduleRequest, isType }) => (moduleRequest && !isType ? [moduleRequest.value] : [])),
  );
  const dynamic = lazy
    ? module.dynamicImports.map(({ moduleRequest }) => source.slice(moduleRequest.start + 1, moduleRequest.end - 1))
    : [];
  return [...values, ...reexports, ...dynamic].flatMap((specifier) => target(specifier, file) ?? []);
}

/** A module as its importers write it: relative to the web's src/, the contract's by its package name. */
export function named(node: string): string {
  if (node.startsWith(CONTRACT)) return `@sewablast/contract/${relative(CONTRACT, node).replace(/\.ts$/, '')}`;
  return node.startsWith('/') ? relative(SRC, node) : node;
}
