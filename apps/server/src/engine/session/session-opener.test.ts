/**
 * The opener's pump on its own: accounts added at any moment are started, the one just before the pump ends
 * included, and a stop drops the ones not started.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimedAccount } from '../leases.ts';
import { SessionOpener } from './session-opener.ts';

const account = (clientid: string) => ({ clientid }) as ClaimedAccount;

function opener() {
  const opened: string[] = [];
  const sessions = new SessionOpener({
    open: async ({ clientid }) => {
      opened.push(clientid);
      return { settled: Promise.resolve() };
    },
    stagger: async () => {},
    staggerMs: 50,
    maxPending: 10,
    settleMs: 60_000,
    stopMs: 60_000,
  });
  return { sessions, opened };
}

describe('the session opener', () => {
  it('starts an account added in any microtask while the pump is finishing', async () => {
    for (let turns = 0; turns < 8; turns++) {
      const { sessions, opened } = opener();
      void sessions.add([account('a')]);
      for (let i = 0; i < turns; i++) await Promise.resolve();
      await sessions.add([account('b')]);
      expect(opened).toEqual(['a', 'b']);
    }
  });

  it('drops the accounts not started at a stop, and answers them', async () => {
    const opened: string[] = [];
    let pause = () => {};
    const sessions = new SessionOpener({
      open: async ({ clientid }) => {
        opened.push(clientid);
        return { settled: new Promise(() => {}) };
      },
      stagger: () =>
        new Promise((resolve) => {
          pause = resolve;
        }),
      staggerMs: 50,
      maxPending: 10,
      settleMs: 60_000,
      stopMs: 60_000,
    });
    const started = sessions.add([account('a'), account('b'), account('c')]);
    await expect.poll(() => opened).toEqual(['a']);
    const stopping = sessions.stop();
    pause();
    expect(await stopping).toEqual(['b', 'c']);
    await started;
    expect(opened).toEqual(['a']);
    expect(sessions.clientids()).toEqual(['a']);
  });
});
