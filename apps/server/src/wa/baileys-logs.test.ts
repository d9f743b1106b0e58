/**
 * Baileys' logs (issue 22, item 8): at error, every line of a session naming its account, its own lines
 * included; a signal-key commit that fails is said, not dropped.
 */
import { Writable } from 'node:stream';
import * as baileys from 'baileys';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { useFakeWhatsApp } from '../../test/fake-wa/suite.ts';
import { until } from '../../test/until.ts';
import { SessionCaches } from './baileys-caches.ts';
import { signalKeyStore } from './baileys-keys.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger: ReturnType<typeof pino> = pino({ level: 'error' }, stream);
  return { lines, logger };
}

const wa = useFakeWhatsApp();

describe("Baileys' logs", () => {
  it("carry the account on Baileys' own error lines", async () => {
    const { lines, logger } = capture();
    const { events } = await wa.open({ deviceId: 'acct-logs' }, { logger });
    await until(() => events.some((event) => event.type === 'qr'), 10_000);
    // An unlinked device cannot ack a notification in Baileys 7.0.0-rc14 (its ack reads creds.me.id).
    wa.endpoint.latest().send({ tag: 'notification', attrs: { id: 'n-1', type: 'psa', from: 's.whatsapp.net' } });
    await until(() => lines.some((line) => line.msg === 'failed to ack notification'));
    expect(lines.every((line) => line.account === 'acct-logs')).toBe(true);
  });

  it('say a signal-key commit that failed, with the account, and hand the failure back to Baileys to retry', async () => {
    const { lines, logger } = capture();
    const failing = {
      get: async () => ({}),
      set: async () => {
        throw new Error('database unavailable');
      },
    };
    const keys = signalKeyStore(
      baileys,
      failing,
      logger.child({ account: 'acct-keys' }),
      new SessionCaches().signalKeys,
    );
    await expect(keys.set({ session: { '628.0': new Uint8Array([1]) } })).rejects.toThrow('database unavailable');
    expect(lines).toEqual([
      expect.objectContaining({ account: 'acct-keys', msg: 'signal keys not stored', keys: 1, level: 50 }),
    ]);
  });
});
