/**
 * libsignal's console output never reaches stdout (issue 22, item 8): a contact's session rebuilt through
 * Baileys 7's own signal repository, in a child whose stdout and stderr are read as they are.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const child = join(import.meta.dirname, '../../test/libsignal-child.ts');
const run = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', child, ...args], {
    cwd: join(import.meta.dirname, '../..'),
  });

describe("libsignal's console", () => {
  it('prints the whole session record, keys included, when a session is rebuilt without the guard', async () => {
    const { stdout } = await run();
    expect(stdout).toContain('Closing session:');
    expect(stdout).toContain('privKey');
  }, 60_000);

  it('keeps all of it off stdout and stderr with the guard, while other console output passes', async () => {
    const { stdout, stderr } = await run('guarded');
    expect(stdout).toBe('rebuilt\n');
    expect(stderr).toBe('');
  }, 60_000);
});
