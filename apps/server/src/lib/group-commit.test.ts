import { describe, expect, it } from 'vitest';
import { GroupCommit, Turns } from './group-commit.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('GroupCommit', () => {
  it('writes the items arriving while a batch is in flight together in the next one', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit(async (items: number[]) => {
      batches.push(items);
      await tick();
      return items.map((item) => item * 2);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((item) => commit.add(item)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the bad item of a failed batch', async () => {
    const commit = new GroupCommit(async (items: number[]) => {
      await tick();
      if (items.includes(3)) throw new Error('bad item');
      return items;
    });
    const answers = await Promise.allSettled([1, 2, 3, 4].map((item) => commit.add(item)));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('never has batches of two writers sharing turns in flight at once, and goes on after a failure', async () => {
    const turns = new Turns();
    let inFlight = 0;
    let most = 0;
    const writer = (fail: boolean) =>
      new GroupCommit(
        async (items: number[]) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await tick();
          inFlight--;
          if (fail && items.length === 1) throw new Error('refused');
          return items;
        },
        500,
        turns,
      );
    const outcomes = writer(false);
    const receipts = writer(true);
    const answers = await Promise.allSettled(
      [1, 2, 3].flatMap((item) => [outcomes.add(item), receipts.add(item + 10)]),
    );
    expect(most).toBe(1);
    expect(answers.filter((answer) => answer.status === 'fulfilled').length).toBeGreaterThanOrEqual(3);
    expect(await outcomes.add(7)).toBe(7);
  });
});
