/**
 * Each constant of the contract is imported one way: from the module that defines it. A zod module that
 * re-exported its zod-free texts let a screen take the text through zod and lose the first-load budget
 * (DESIGN §10) without a sign. The call table (`call-table.ts`) gathers the areas' calls, and an area's
 * `*-calls` module may list a neighbour's call that its table serves; nothing else is passed on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const MODULES = readdirSync(SRC).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/** What `file` passes on of other modules' values: `export … from`, and `export { x }` of an import. */
function passedOn(file: string): string[] {
  const { module } = parseSync(file, readFileSync(join(SRC, file), 'utf8'));
  const imported = new Set(
    module.staticImports.flatMap(({ entries }) =>
      entries.filter((entry) => !entry.isType).map((entry) => entry.localName.value),
    ),
  );
  return module.staticExports.flatMap(({ entries }) =>
    entries.flatMap(({ moduleRequest, localName, exportName, isType }) => {
      if (isType) return [];
      const name = exportName.name ?? localName.name ?? '*';
      if (moduleRequest) return [`${name} from ${moduleRequest.value}`];
      return localName.name && imported.has(localName.name) ? [`${name} (imported)`] : [];
    }),
  );
}

describe('the contract', () => {
  it('passes on no module’s values but the call table’s', () => {
    const passing = MODULES.filter((file) => !['call-table.ts'].includes(file))
      .flatMap((file) => passedOn(file).map((what) => `${file}: ${what}`))
      .filter((line) => !/^[a-z-]+-calls\.ts: \w+ from \.\/[a-z-]+-calls\.ts$/.test(line));
    expect(passing).toEqual([]);
  });
});
