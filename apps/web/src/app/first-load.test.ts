/**
 * The first load's imports, checked at edit time (DESIGN §10; e2e/first-load.e2e.ts measures the build): from
 * the entry and the route modules a first load fetches (the layouts and screens of FIRST_LOAD_PAGES, the pages
 * that test opens, as the route table has them), through static value imports only, no module reaches zod or
 * a library that loads when first needed. An
 * `import type` costs nothing and a dynamic `import()` is a chunk of its own, so neither is followed. A
 * failure names the chain, so the import to make lazy (or the constant to move to a zod-free module) shows.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIRST_LOAD_PAGES, type FirstLoadPage, PUBLIC_ROUTES } from '@sewablast/contract/routes';
import { describe, expect, it } from 'vitest';
import { imports, named, SRC } from './import-graph.testing.ts';
import { routeModules } from './router.tsx';

const ENTRY = resolve(SRC, 'main.tsx');
const signedOut = (page: FirstLoadPage) => (PUBLIC_ROUTES as readonly string[]).includes(page);
/** The route modules each page fetches, as the route table has them, by page. */
const MODULES = new Map(
  FIRST_LOAD_PAGES.map((page) => [page, routeModules(page).map((file) => resolve(import.meta.dirname, file))]),
);
/**
 * The route modules of every first-load page, besides the entry's own imports. The signed-out pages are forms,
 * so they may load the form library; the signed-in homes load it with a dialog's form.
 */
const rootsOf = (pages: readonly FirstLoadPage[]) => [ENTRY, ...pages.flatMap((page) => MODULES.get(page) ?? [])];
const SIGNED_IN = FIRST_LOAD_PAGES.filter((page) => !signedOut(page));
/**
 * Packages a first load goes without: zod until a form is checked, Radix with its menu, dialog or tooltip,
 * sonner with the first toast, the charts with a dashboard that has figures to draw.
 */
const ON_DEMAND = /^(zod|radix-ui|@radix-ui\/|sonner|recharts)(\/|$)/;
const FORMS = /^(react-hook-form|@hookform\/)/;

/** Each chain from a root to a refused package, shortest first (breadth first), one per package reached. */
function chainsTo(refused: RegExp, roots: string[]): string[] {
  const from = new Map<string, string | null>(roots.map((root) => [root, null]));
  const queue = [...roots];
  const chains: string[] = [];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (!node.startsWith('/')) continue;
    for (const next of imports(node)) {
      if (from.has(next)) continue;
      from.set(next, node);
      if (next.startsWith('/')) queue.push(next);
      else if (refused.test(next)) {
        const chain = [next];
        for (let at = from.get(next); at; at = from.get(at)) chain.unshift(named(at));
        chains.push(chain.join(' → '));
      }
    }
  }
  return chains;
}

describe('the first load', () => {
  it('starts from route modules that exist, a screen of its own for each page', () => {
    const screenless = FIRST_LOAD_PAGES.filter((page) => !MODULES.get(page)?.at(-1)?.endsWith('-page.tsx'));
    expect(screenless).toEqual([]);
    expect(
      rootsOf(FIRST_LOAD_PAGES)
        .filter((root) => !existsSync(root))
        .map(named),
    ).toEqual([]);
  });

  it('reaches neither zod nor a library loaded on demand through static imports', () => {
    expect(chainsTo(ON_DEMAND, rootsOf(FIRST_LOAD_PAGES))).toEqual([]);
  });

  it('reaches no form library from the signed-in homes, whose forms sit in dialogs', () => {
    expect(SIGNED_IN.length).toBeGreaterThan(0);
    expect(chainsTo(FORMS, rootsOf(SIGNED_IN))).toEqual([]);
  });
});
