/**
 * The first load's imports, checked at edit time (DESIGN §10; e2e/first-load.e2e.ts measures the build): from
 * the entry and the route modules a first load fetches (the layouts and screens of the pages that test opens),
 * through static value imports only, no module reaches zod or a library that loads when first needed. An
 * `import type` costs nothing and a dynamic `import()` is a chunk of its own, so neither is followed. A
 * failure names the chain, so the import to make lazy (or the constant to move to a zod-free module) shows.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imports, named, SRC } from './import-graph.testing.ts';

const ENTRY = 'main.tsx';
/**
 * The route modules of the pages e2e/first-load opens, besides the entry's own imports. The signed-out pages
 * are forms, so they may load the form library; the signed-in homes load it with a dialog's form.
 */
const SIGNED_OUT = [
  'features/auth/signin-page.tsx',
  'features/auth/signup-page.tsx',
  'features/auth/reset-password-page.tsx',
  'features/auth/confirm-email-page.tsx',
  'features/legal/legal-page.tsx',
];
const SIGNED_IN = [
  'app/query-root.tsx',
  'app/toaster.tsx',
  'app/shell/app-shell.tsx',
  'features/dashboard/dashboard-page.tsx',
  'features/withdraw/withdraw-requests-page.tsx',
];
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
  const files = (list: string[]) => list.map((file) => resolve(SRC, file));

  it('starts from route modules that exist', () => {
    const roots = files([ENTRY, ...SIGNED_OUT, ...SIGNED_IN]);
    expect(roots.filter((root) => !existsSync(root)).map(named)).toEqual([]);
  });

  it('reaches neither zod nor a library loaded on demand through static imports', () => {
    expect(chainsTo(ON_DEMAND, files([ENTRY, ...SIGNED_OUT, ...SIGNED_IN]))).toEqual([]);
  });

  it('reaches no form library from the signed-in homes, whose forms sit in dialogs', () => {
    expect(chainsTo(FORMS, files([ENTRY, ...SIGNED_IN]))).toEqual([]);
  });
});
