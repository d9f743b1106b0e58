/**
 * No leak per reconnect (issue 22, item 3; DESIGN's budget: heap growth under 1 MB over 10,000 reconnects):
 * a child with `--expose-gc` opens and closes 10,000 sessions of the real driver on Baileys' own sockets
 * (test/reconnect-heap-child.ts, against a silent local WebSocket server) and reports how far its heap grew.
 * Slow by nature (each reconnect is a real socket and handshake start): minutes on a quiet machine.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const RECONNECTS = 10_000;
const BUDGET_BYTES = 1024 * 1024;

describe('a session reconnecting', () => {
  it(
    `grows the heap by less than 1 MB over ${RECONNECTS} reconnects on Baileys' real sockets`,
    async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          join(import.meta.dirname, '../../test/reconnect-heap-child.ts'),
          String(RECONNECTS),
        ],
        { cwd: join(import.meta.dirname, '../..'), maxBuffer: 1024 * 1024 },
      );
      const result = JSON.parse(stdout) as { cycles: number; grewBytes: number; byThousand: number[] };
      process.stdout.write(
        `heap growth over ${result.cycles} reconnects: ${result.grewBytes} B (budget ${BUDGET_BYTES} B)\n`,
      );
      expect(result.cycles).toBe(RECONNECTS);
      expect(result.grewBytes).toBeLessThan(BUDGET_BYTES);
    },
    60 * 60_000,
  );
});
