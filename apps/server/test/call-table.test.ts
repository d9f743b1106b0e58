/**
 * The call table against the routes served: each declared call is served at its path and method to the
 * roles it names, answering its failure statuses, and no route of a declared area is left out of it.
 */
import type { Call } from '@sewablast/contract/call';
import * as table from '@sewablast/contract/call-table';
import { ROLE_GROUPS } from '@sewablast/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './harness.ts';

interface DocumentOperation {
  'x-access'?: 'public' | string[];
  responses?: Record<string, unknown>;
  tags?: string[];
}

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

const areas = Object.entries(table).map(([name, module]) => ({
  name,
  area: module.area,
  calls: Object.entries(module as Record<string, unknown>).filter((entry): entry is [string, Call] => isCall(entry[1])),
}));

let t: TestApp;
let paths: Record<string, Record<string, DocumentOperation>>;

beforeAll(async () => {
  t = await buildTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => t.close());

const documented = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operationOf = (call: Call) => paths[documented(call.path)]?.[call.method.toLowerCase()];
const declared = new Set(
  areas.flatMap(({ calls }) => calls.map(([, call]) => `${call.method} ${documented(call.path)}`)),
);

describe.each(areas)('the $name calls', ({ area, calls }) => {
  it.each(calls)('serve %s as declared', (_name, call) => {
    const operation = operationOf(call);
    expect(operation, `${call.method} ${call.path}`).toBeDefined();
    expect(operation?.['x-access']).toEqual(call.access === 'public' ? 'public' : [...ROLE_GROUPS[call.access]]);
    const failures = Object.keys(operation?.responses ?? {}).filter((status) => !status.startsWith('2'));
    expect(failures).toEqual(call.errors.map(String));
  });

  // Areas may share a prefix (users and referral, the auth modules): a route of the area is one under its
  // prefix with its tag, and any module of the table may declare it.
  it('leave no route of the area out', () => {
    const tags = new Set(calls.flatMap(([, call]) => operationOf(call)?.tags ?? []));
    const served = Object.entries(paths)
      .filter(([path]) => path.startsWith(`${area}/`))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => operation.tags?.some((tag) => tags.has(tag)))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(served.filter((route) => !declared.has(route))).toEqual([]);
  });
});
