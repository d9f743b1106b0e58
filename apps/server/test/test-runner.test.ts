/**
 * `npm test`'s runner (scripts/run.mjs `runAtOnce`), in a node process of its own as scripts/test.mjs runs
 * it: the stages it is given run at once, and their output reads as if they had run in turn.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const RUN = join(import.meta.dirname, '..', '..', '..', 'scripts', 'run.mjs');
const dir = mkdtempSync(join(tmpdir(), 'sewablast-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node -e script` as one of the commands. */
const node = (title: string, script: string) => ({ title, command: process.execPath, args: ['-e', script] });

describe('runAtOnce', () => {
  it('runs the stages at once and shows each one whole, in the order given', async () => {
    const signal = join(dir, 'second-started');
    // The first stage ends only once the second has begun: run one after the other, they would never end.
    const first = node(
      'First',
      `const fs = require('node:fs');
       console.log('first waiting');
       const wait = () => fs.existsSync(${JSON.stringify(signal)}) ? console.log('first done') : setTimeout(wait, 20);
       wait();`,
    );
    // The second's output is written before the first goes on: shown as it came, it would come first.
    const second = node(
      'Second',
      `console.log('second out'); console.error('second err');
       require('node:fs').writeFileSync(${JSON.stringify(signal)}, ''); process.exit(3);`,
    );
    const runner = `import(${JSON.stringify(RUN)}).then(async ({ runAtOnce }) => {
      const results = await runAtOnce(${JSON.stringify([first, second])});
      console.log('statuses ' + results.map((result) => result.status).join(','));
    });`;
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['-e', runner], { timeout: 20_000 });
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      '▶ First',
      'first waiting',
      'first done',
      '▶ Second',
      'second out',
      'statuses 0,3',
    ]);
    expect(stderr).toBe('second err\n');
  });
});
