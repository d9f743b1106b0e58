/**
 * No leak per reconnect (issue 22, item 3; DESIGN's budget: heap growth under 1 MB over 10,000 reconnects):
 * a child with `--expose-gc` opens and closes 10,000 sessions of the real driver on Baileys' own sockets
 * (test/reconnect-heap-child.ts, against a silent local WebSocket server) and reports how far its heap grew.
 *
 * What it costs, and why it is still an honest reading of 1 MB: the budget is 105 B a reconnect, and the leak
 * this test was written for was about 6 KB a reconnect (60 MB over the run), so the full 10,000 are kept: a
 * run of 2,000 would have to show under 210 KB, and two such runs here read 1.3 MB and 0.16 MB of growth
 * with no leak (V8's spaces grow and shrink in steps that large), while 10,000 read 0.33 MB. A reading at
 * rest must wait for Baileys' handshake timeout to fire, which outlives each socket; the heap is
 * therefore read twice only, before and after the 10,000, where ten readings between (one per thousand,
 * 21 s each, never asserted) made 231 s of a 286 s run, and the child sets that timeout to 3 s (the silent
 * server never answers a handshake, and each session closes as soon as its socket opens): 8 s of waiting in
 * all, not 42 s. A second reading right
 * after the first (its timers have fired, so it waits for nothing) is printed as the reading's own noise:
 * a few hundred bytes.
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
      const result = JSON.parse(stdout) as {
        cycles: number;
        grewBytes: number;
        noiseBytes: number;
        reconnectMs: number;
      };
      process.stdout.write(
        `heap growth over ${result.cycles} reconnects (${result.reconnectMs} ms): ${result.grewBytes} B (budget ${BUDGET_BYTES} B; two readings at rest differ by ${result.noiseBytes} B)\n`,
      );
      expect(result.cycles).toBe(RECONNECTS);
      expect(result.grewBytes).toBeLessThan(BUDGET_BYTES);
    },
    60 * 60_000,
  );
});
