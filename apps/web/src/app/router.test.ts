/**
 * The route table's screens, as router.tsx exports them: each file is there (a wrong one would show the
 * not-found screen), and Radix's tooltip provider is a layout route around TOOLTIP_SCREENS alone: a screen
 * outside it that showed a tooltip would fail as it renders, and one inside that shows none would load the
 * tooltip code for nothing. Read from the sources' imports, static and lazy, so that no screen has to render
 * with rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imports, named } from './import-graph.testing.ts';
import { SCREENS, TOOLTIP_SCREENS } from './router.tsx';

const file = (screen: string) => resolve(import.meta.dirname, screen);

function showsTooltip(module: string, seen = new Set<string>()): boolean {
  if (seen.has(module) || !module.startsWith('/')) return false;
  seen.add(module);
  if (/\bTooltip\.Root\b/.test(readFileSync(module, 'utf8'))) return true;
  return imports(module, { lazy: true }).some((next) => showsTooltip(next, seen));
}

describe('the route table', () => {
  const inside = [...new Set(Object.values(TOOLTIP_SCREENS))].map(file);
  const outside = [...new Set(Object.values(SCREENS))].map(file);

  it('names screens that are there', () => {
    expect([...inside, ...outside].filter((screen) => !existsSync(screen)).map(named)).toEqual([]);
  });

  it('puts every screen that shows a tooltip, and only those, in the tooltip layout', () => {
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.filter((screen) => !showsTooltip(screen)).map(named)).toEqual([]);
    expect(outside.filter((screen) => showsTooltip(screen)).map(named)).toEqual([]);
  });
});
