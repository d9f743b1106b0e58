/**
 * What a server loads at start is memory it holds while idle (issue 21's budget): exceljs with unzipper, ioredis
 * and Baileys are loaded by the first workbook, REDIS_URL and Baileys session that needs them. A fresh process
 * imports every module main.ts imports and lists the packages Node's module cache then holds.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const MODULES = [
  'src/http/app.ts',
  'src/services.ts',
  'src/live/bus.ts',
  'src/engine/remote.ts',
  'src/lib/limit-store-redis.ts',
  'src/lib/limit-store-fallback.ts',
  'src/lib/import-rows.ts',
  'src/wa/baileys.ts',
  'src/wa/simulator.ts',
];

const script = `
${MODULES.map((path) => `await import(${JSON.stringify(`./${path}`)});`).join('\n')}
const { createRequire } = await import('node:module');
const loaded = new Set();
for (const path of Object.keys(createRequire(import.meta.url).cache)) {
  const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(path)?.[1];
  if (name) loaded.add(name);
}
console.log(JSON.stringify([...loaded]));
`;

describe('modules loaded at start', () => {
  it('leave out exceljs, unzipper, ioredis and Baileys until they are needed', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: `${import.meta.dirname}/..`,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const loaded = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]') as string[];
    // The check itself works: packages every start needs are listed.
    expect(loaded).toContain('fastify');
    for (const name of ['exceljs', 'unzipper', 'ioredis', '@whiskeysockets/baileys']) {
      expect(loaded).not.toContain(name);
    }
  }, 60_000);
});
