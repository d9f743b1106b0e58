/** When the housekeeping round prunes keys: now and then, and again at once while a backlog is left. */
import { describe, expect, it } from 'vitest';
import { KeyPruneTurn } from './key-prune.ts';

describe('the key prune turn', () => {
  it('runs every PRUNE_EVERY_MS, and the next round too after a full batch', async () => {
    const found = [3, 10, 10, 4];
    const runs: number[] = [];
    const turn = new KeyPruneTurn(async () => {
      runs.push(runs.length);
      return found[runs.length - 1] ?? 0;
    }, 10);
    await turn.run(0);
    await turn.run(1000);
    expect(runs).toHaveLength(1);
    await turn.run(KeyPruneTurn.PRUNE_EVERY_MS);
    // A full batch: the rounds after it go on at once until one finds less.
    await turn.run(KeyPruneTurn.PRUNE_EVERY_MS + 1);
    await turn.run(KeyPruneTurn.PRUNE_EVERY_MS + 2);
    await turn.run(KeyPruneTurn.PRUNE_EVERY_MS + 3);
    expect(runs).toHaveLength(4);
  });
});
