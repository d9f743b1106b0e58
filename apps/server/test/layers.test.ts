/**
 * The layers of DESIGN §2, checked over the import graph of both apps: each import is resolved to the file it
 * names, so that `../../other-feature/x` is caught at any depth, which a rule over import texts cannot do.
 * Biome's noRestrictedImports (biome.json) refuses the same imports in the editor where their text shows it.
 */
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, readSource, sourceFiles } from './source-tree.ts';

const SERVER_PACKAGE = '@sewablast/server';

/**
 * The web features that others may import, each with the features that may. Generator and validator are two
 * kinds of one thing, a job (one server module, one live event shape, one list and form layout): what they
 * share is their own feature, features/jobs, rather than lib/ and components/, which serve every feature and
 * would hide it. No other feature reaches into it, and it reaches into neither of them.
 */
const SHARED_FEATURES: Record<string, string[]> = { jobs: ['generator', 'validator'] };

const ENGINE_FACADE = 'apps/server/src/engine/index.ts';

/**
 * What the shared domain rules (rules/) may import: the engine acts on them and the modules show them, so they
 * sit under both and reach neither, nor http/, live/, wa/, ledger/ or metrics/ (docs/architecture.md).
 */
const RULES_IMPORT = ['rules', 'lib', 'db'];

/**
 * The server folder (db, engine, lib, modules, …) of a file its layers bind: null for the composition root
 * (main.ts, services.ts and the other files at src/'s top, which build every layer), tests, and other apps.
 */
function serverLayer(path: string): string | null {
  if (path.endsWith('.test.ts')) return null;
  return /^apps\/server\/src\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** What `from` (a file, relative to the repository, with `/`) may not import of `to`, or null when it may. */
function brokenRule(from: string, to: string): string | null {
  const feature = (path: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];
  const server = serverLayer(from);
  const target = serverLayer(to);
  if (server && target === 'wa' && server !== 'wa' && server !== 'engine') return 'only engine/ talks to wa/';
  if (server && server !== 'engine' && target === 'engine' && to !== ENGINE_FACADE) {
    return `outside engine/, the engine is used through its facade, ${ENGINE_FACADE}`;
  }
  if (server === 'lib' && target && target !== 'lib' && target !== 'db') return 'lib/ imports nothing above db/';
  if (server === 'rules' && to.startsWith('apps/server/') && !RULES_IMPORT.includes(target ?? '')) {
    return 'rules/ imports only lib/ and db/: the engine and the modules both use it';
  }
  if (server === 'engine' && target === 'modules') return 'engine/ does not import modules: they use it, through ports';
  if ((server === 'live' || server === 'metrics') && target === 'modules') return `${server}/ does not import modules`;
  if (from.startsWith('apps/server/src/db/') && to.startsWith('apps/server/src/modules/')) {
    return 'db/ does not import modules';
  }
  if (from.startsWith('apps/web/src/components/') && to.startsWith('apps/web/src/features/')) {
    return 'shared components do not import features';
  }
  const [fromFeature, toFeature] = [feature(from), feature(to)];
  if (fromFeature && toFeature && fromFeature !== toFeature && !SHARED_FEATURES[toFeature]?.includes(fromFeature)) {
    return 'a feature does not import another feature';
  }
  if (from.startsWith('apps/web/') && to.startsWith('apps/server/')) return 'the web app does not import server code';
  return null;
}

/**
 * Every call the web makes is by the contract's call table (`call(withdraw.update, …)`, docs/architecture.md):
 * a web file that names an API URL itself, or fetches, goes around it. `lib/api.ts` is the one fetch.
 */
function strayCallsOf(source: string): string[] {
  return [...source.matchAll(/['"`]\/api\/[^'"`]*|\bfetch\(/g)].map(([found]) => found);
}

/** Every import, re-export and dynamic import of a file: its text, whatever the quotes and line breaks. */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  // An import or export clause holds no quote, `=`, `(` or `;` before its `from`.
  const statements = /^\s*(?:import|export)\b[^'"`;=(]*?\bfrom\s*['"]([^'"]+)['"]/gm;
  const bare = /^\s*import\s*['"]([^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const pattern of [statements, bare, dynamic])
    for (const match of source.matchAll(pattern)) found.push(match[1] ?? '');
  return found;
}

/** The file an import names, relative to the repository; null for a package other than the server's. */
function targetOf(file: string, specifier: string): string | null {
  if (specifier === SERVER_PACKAGE || specifier.startsWith(`${SERVER_PACKAGE}/`)) return 'apps/server/';
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(dirname(join(ROOT, file)), specifier))
    .split(sep)
    .join('/');
}

describe('the layers of DESIGN §2', () => {
  it.each([
    ['apps/server/src/modules/whatsapp/service.ts', 'apps/server/src/wa/driver.ts'],
    ['apps/server/src/db/seed.ts', 'apps/server/src/modules/users/service.ts'],
    ['apps/web/src/components/table.tsx', 'apps/web/src/features/proxy/api/proxies.ts'],
    ['apps/web/src/features/blaster/receivers-picker.tsx', 'apps/web/src/features/phonenumber/api/phonenumbers.ts'],
    ['apps/web/src/features/monitor/monitor-data-page.tsx', 'apps/web/src/features/jobs/live-jobs.ts'],
    ['apps/web/src/features/jobs/job-list.tsx', 'apps/web/src/features/generator/api/generators.ts'],
    ['apps/web/src/lib/api.ts', 'apps/server/src/http/errors.ts'],
    ['apps/server/src/http/dev-simulator.ts', 'apps/server/src/wa/simulator.ts'],
    ['apps/server/src/modules/jobs/service.ts', 'apps/server/src/engine/checks/job-runs.ts'],
    ['apps/server/src/rules/safety/health-signals.ts', 'apps/server/src/engine/retry.ts'],
    ['apps/server/src/rules/safety/send-policy.ts', 'apps/server/src/engine/index.ts'],
    ['apps/server/src/rules/jobs/account-busy.ts', 'apps/server/src/modules/jobs/refusal.ts'],
    ['apps/server/src/rules/safety/account-events.ts', 'apps/server/src/live/bus.ts'],
    ['apps/server/src/rules/safety/send-spread.ts', 'apps/server/src/http/errors.ts'],
    ['apps/server/src/rules/safety/send-policy.ts', 'apps/server/src/ledger/record-send.ts'],
    ['apps/server/src/rules/safety/defaults.ts', 'apps/server/src/config.ts'],
    ['apps/server/src/metrics/engine-metrics.ts', 'apps/server/src/engine/leases.ts'],
    ['apps/server/src/lib/audit.ts', 'apps/server/src/ledger/transaction.ts'],
    ['apps/server/src/live/gateway.ts', 'apps/server/src/modules/auth/authenticate.ts'],
    ['apps/server/src/metrics/listener.ts', 'apps/server/src/modules/health/readiness.ts'],
    ['apps/server/src/engine/session/session-events.ts', 'apps/server/src/modules/proxy/service.ts'],
    ['apps/web/vite.config.ts', 'apps/server/'],
  ])('refuses %s importing %s', (from, to) => {
    expect(brokenRule(from, to)).not.toBeNull();
  });

  it.each([
    ['apps/server/src/engine/blast/blast-loop.ts', 'apps/server/src/wa/driver.ts'],
    ['apps/server/src/modules/whatsapp/service.ts', 'apps/server/src/engine/index.ts'],
    ['apps/server/src/engine/blast/blast-loop.ts', 'apps/server/src/engine/blast/send.ts'],
    ['apps/server/src/services.ts', 'apps/server/src/engine/session/session-host.ts'],
    ['apps/server/src/main.ts', 'apps/server/src/wa/simulator.ts'],
    ['apps/server/src/modules/whatsapp/forecast.test.ts', 'apps/server/src/engine/blast/blast-take.ts'],
    ['apps/server/src/modules/whatsapp/forecast.ts', 'apps/server/src/rules/safety/send-policy.ts'],
    ['apps/server/src/engine/blast/blast-loop.ts', 'apps/server/src/rules/safety/send-spread.ts'],
    ['apps/server/src/rules/safety/send-policy.ts', 'apps/server/src/lib/business-day.ts'],
    ['apps/server/src/rules/safety/defaults.ts', 'apps/server/src/db/schema.ts'],
    ['apps/server/src/rules/safety/send-spread.ts', 'apps/server/src/rules/safety/member-terms.ts'],
    ['apps/server/src/lib/audit.ts', 'apps/server/src/db/client.ts'],
    ['apps/server/src/seed.ts', 'apps/server/src/modules/users/service.ts'],
    ['apps/web/src/features/proxy/proxy-list-page.tsx', 'apps/web/src/components/table.tsx'],
    ['apps/web/src/features/proxy/proxy-list-page.tsx', 'apps/web/src/features/proxy/api/proxies.ts'],
    ['apps/web/src/app/routes.tsx', 'apps/web/src/features/proxy/proxy-list-page.tsx'],
    ['apps/web/src/features/generator/generator-list-page.tsx', 'apps/web/src/features/jobs/job-list.tsx'],
    ['apps/web/src/features/validator/api/validators.ts', 'apps/web/src/features/jobs/use-job-commands.ts'],
  ])('allows %s importing %s', (from, to) => {
    expect(brokenRule(from, to)).toBeNull();
  });

  it('reads imports however they are written', () => {
    const source = [
      "import { a } from '../a.ts';",
      "import type {\n  B,\n} from '../../b.ts';",
      "export { c } from './c.ts';",
      "import './d.css';",
      "const e = await import('../e.ts');",
      "const text = 'import nothing from here';",
      "export const f = './not-an-import.ts';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['../a.ts', '../../b.ts', './c.ts', './d.css', '../e.ts']);
  });

  it('finds a URL of its own or a fetch however it is written', () => {
    const source = [
      "send<TWithdrawAnswer>('/api/admin/withdraw/update', { method: 'PUT' });",
      'load(`/api/admin/bonus/list-per-page?page=2`);',
      'await fetch(url);',
      'call(withdraw.update, { body });',
      "const note = 'see /docs for the API';",
    ].join('\n');
    expect(strayCallsOf(source)).toEqual([
      "'/api/admin/withdraw/update",
      '`/api/admin/bonus/list-per-page?page=2',
      'fetch(',
    ]);
  });

  it('has the web open the live channel through lib/live.ts alone', () => {
    const strays = sourceFiles('apps/web/src').filter(
      (file) =>
        file !== 'apps/web/src/lib/live.ts' &&
        !/\.test\.tsx?$/.test(file) &&
        /\bnew\s+WebSocket\s*\(/.test(readSource(file)),
    );
    expect(strays).toEqual([]);
  });

  it('has the web call the server by the call table alone, never by a URL of its own', () => {
    const strays: string[] = [];
    for (const file of sourceFiles('apps/web/src')) {
      if (file === 'apps/web/src/lib/api.ts' || /\.test\.tsx?$/.test(file)) continue;
      for (const found of strayCallsOf(readSource(file))) strays.push(`${file}: ${found}`);
    }
    expect(strays).toEqual([]);
  });

  it('holds in both apps', () => {
    const broken: string[] = [];
    for (const file of [...sourceFiles('apps/server'), ...sourceFiles('apps/web')]) {
      for (const specifier of specifiersOf(readSource(file))) {
        const target = targetOf(file, specifier);
        const rule = target && brokenRule(file, target);
        if (rule) broken.push(`${file} imports ${specifier}: ${rule}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
