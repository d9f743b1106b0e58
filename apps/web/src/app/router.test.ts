/**
 * Radix's tooltip provider is a layout route around TOOLTIP_SCREENS alone (router.tsx): a screen outside it
 * that showed a tooltip would fail as it renders, and one inside that shows none would load the tooltip code
 * for nothing. Read from the sources' imports, static and lazy, so that no screen has to render with rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;
const ROUTER = readFileSync(resolve(HERE, 'router.tsx'), 'utf8');

const relativeImports = (source: string, from: string, pattern: RegExp) =>
  [...source.matchAll(pattern)].map(([, spec]) => resolve(from, spec ?? ''));

function showsTooltip(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  if (/\bTooltip\.Root\b/.test(source)) return true;
  return relativeImports(source, dirname(file), /(?:from |import\()'(\.[^']+)'/g).some((next) =>
    showsTooltip(next, seen),
  );
}

describe('the tooltip layout route', () => {
  const start = ROUTER.indexOf('const TOOLTIP_SCREENS');
  const end = ROUTER.indexOf('};', start);
  const lazy = /import\('(\.[^']+)'\)/g;
  const inside = relativeImports(ROUTER.slice(start, end), HERE, lazy);
  const outside = relativeImports(ROUTER.slice(0, start) + ROUTER.slice(end), HERE, lazy);

  it('holds every screen that shows a tooltip, and only those', () => {
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.filter((file) => !showsTooltip(file))).toEqual([]);
    expect(outside.filter((file) => showsTooltip(file))).toEqual([]);
  });
});
