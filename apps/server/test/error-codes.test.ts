/**
 * Errors by code, statuses in `http/` alone (issue 25): domain code says what went wrong with an `ErrorCode`
 * (lib/app-error.ts), and `http/errors.ts` is the one place a code becomes an HTTP status and a failure is sent.
 * Checked over the source text, comments left out, so that a status number or a failure sent by hand shows in
 * review before it ships.
 */
import { describe, expect, it } from 'vitest';
import { STATUS_OF } from '../src/http/errors.ts';
import { readSource, sourceFiles as repoFiles } from './source-tree.ts';

const SRC = 'apps/server/src';

/** The folders whose code knows nothing of HTTP. */
const DOMAIN = ['modules', 'ledger', 'engine', 'lib'];

/**
 * Where a reply is given a status other than success by hand, each with why. The error handler and the
 * router's own refusals send every failure; readiness answers its success shape with 503 while the process
 * is not ready (health-calls.ts declares both), which a probe reads as a status, not as a failure to show.
 */
const STATUS_SENDERS: Record<string, string> = {
  'http/errors.ts': 'the error handler',
  'modules/health/routes.ts': 'readiness: its one answer shape, 200 or 503',
};

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** A status number given to an error (`new AppError(409, …)`), or compared with or set as a status. */
function statusNumbersOf(source: string): string[] {
  const patterns = [/\bnew\s+\w+\(\s*[1-5]\d\d\b/g, /\bstatus(?:Code)?\s*(?:[!=]==?|[<>]=?|:)\s*[1-5]\d\d\b/g];
  return patterns.flatMap((pattern) => [...withoutComments(source).matchAll(pattern)].map(([found]) => found));
}

/** A status set on a reply by hand, unless a plain success (`reply.code(206)`): a failure sent around the handler. */
function statusSendsOf(source: string): string[] {
  return [...withoutComments(source).matchAll(/(?:\breply\s*\.\s*status|\.\s*code)\(\s*([^)]*)\)/g)]
    .filter(([, status]) => !/^2\d\d$/.test(status?.trim() ?? ''))
    .map(([found]) => found.replace(/\s+/g, ' '));
}

/** The server's code below `folder` of its src/ (`.`: all of it), named relative to src/; no tests. */
function sourceFiles(folder: string): string[] {
  const from = folder === '.' ? SRC : `${SRC}/${folder}`;
  return repoFiles(from)
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => path.slice(SRC.length + 1));
}

const read = (file: string) => readSource(`${SRC}/${file}`);

describe('errors by code, statuses in http/', () => {
  it('finds a status number however it is written, and not in comments, texts or other numbers', () => {
    const source = [
      'throw new AppError(429, SERVER_TEXT.loginLocked(locked));',
      "throw new JobRefused(\n  409, JOB_TEXT.runningEdit, 'running');",
      'if (error instanceof AppError && error.status === 409) reveal();',
      'return { status: 200, body };',
      'type Refusal = { status: 401 | 403 | 404 };',
      'if (response.statusCode !== 200) reject();',
      '// throw new AppError(404, gone) in a comment',
      '/** A 503 when the engine is away: new AppError(503, x). */',
      "const RATE_LIMITED = '429';",
      'const ROWS_PER_WRITE = 500;',
      'new GroupCommit(write, 500, turns);',
      "throw new AppError('conflict', WHATSAPP_TEXT.notLinked);",
      'switch (statusOf(error)) { case 404: return gone; }',
    ].join('\n');
    expect(statusNumbersOf(source)).toEqual([
      'new AppError(429',
      'new JobRefused(\n  409',
      'status === 409',
      'status: 200',
      'status: 401',
      'statusCode !== 200',
    ]);
  });

  it('finds a failure sent by hand however it is written, and lets a plain success be', () => {
    const source = [
      'return reply.code(401).send({ msg: TEXT.tokenMissing });',
      "return reply\n  .header('retry-after', 5)\n  .code( 429 )\n  .send({ msg });",
      'return reply.code(answer.status as 200).send(answer.body);',
      'reply.status(403).send({ msg });',
      "return reply.header('content-range', range).code(206).send(stream);",
      '// return reply.code(404).send({ msg }) once did',
    ].join('\n');
    expect(statusSendsOf(source)).toEqual([
      '.code(401)',
      '.code( 429 )',
      '.code(answer.status as 200)',
      'reply.status(403)',
    ]);
  });

  it('keeps status numbers out of domain code', () => {
    const found = DOMAIN.flatMap(sourceFiles).flatMap((file) =>
      statusNumbersOf(read(file)).map((status) => `${file}: ${status}`),
    );
    expect(found).toEqual([]);
  });

  it('sends every failure through the error handler', () => {
    const found = sourceFiles('.')
      .filter((file) => !(file in STATUS_SENDERS))
      .flatMap((file) => statusSendsOf(read(file)).map((send) => `${file}: ${send}`));
    expect(found).toEqual([]);
  });

  it('maps every code to a failure status, each its own', () => {
    const statuses = Object.values(STATUS_OF);
    expect(statuses.every((status) => status >= 400 && status < 600)).toBe(true);
    expect(new Set(statuses).size).toBe(statuses.length);
  });
});
