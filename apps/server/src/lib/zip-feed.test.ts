import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ZipFeed } from './zip-feed.ts';

describe('ZipFeed', () => {
  it('takes back its listeners after each wait for the parser, however many waits an upload takes', async () => {
    const chunks = Array.from({ length: 200 }, () => Buffer.alloc(64 * 1024));
    const feed = new ZipFeed(
      (async function* () {
        yield* chunks;
      })(),
    );
    let most = 0;
    const slow = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, done) {
        most = Math.max(most, feed.listenerCount('close'), feed.listenerCount('drain'));
        setImmediate(done);
      },
    });
    await pipeline(feed, slow);
    expect(feed.received).toBe(200 * 64 * 1024);
    // pipe's own listeners and at most one wait's.
    expect(most).toBeLessThanOrEqual(3);
  });
});
