/**
 * The OpenAPI document's operations as a reviewed snapshot: method, path, the statuses it answers and
 * whether it asks for a token. bind.ts builds the document from the call table, so call-table.test.ts
 * cannot see a failure list changed in the table; a changed line here shows it in review.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './harness.ts';

interface DocumentOperation {
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('the document serves the reviewed operations', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const paths = document.paths as Record<string, Record<string, DocumentOperation>>;
  const token = (security: Record<string, string[]>[] | undefined) =>
    (security ?? document.security).length === 0 ? 'public' : 'bearer';
  const operations = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) =>
          `${method.toUpperCase()} ${path} ${Object.keys(operation.responses ?? {}).join(',') || '-'} ${token(operation.security)}`,
      ),
    )
    .sort();
  expect(operations).toMatchSnapshot();
});
