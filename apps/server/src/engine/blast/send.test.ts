/**
 * The one send rule against the simulator driver: what is retried, how often and how far apart, what waits
 * for the connection, and how each outcome is told.
 */
import { describe, expect, it } from 'vitest';
import type { WaSession } from '../../wa/driver.ts';
import { SimulatorDriver, type SimulatorRates } from '../../wa/simulator.ts';
import type { RetryPace } from '../retry.ts';
import { fillTemplate, sendTemplate } from './send.ts';

const NO_FAILURES = { transient: 0, rateLimited: 0, disconnect: 0, ban: 0, rejected: 0, lostAck: 0 };
let devices = 0;

/** A connected simulator session whose sends fail at the given rates. */
async function connected(rates: Partial<SimulatorRates>) {
  const driver = new SimulatorDriver({ seed: 5, scanMs: 60_000, delayMs: [1, 2], reconnectMs: 20, rates });
  const deviceId = `send-${++devices}`;
  const session = await driver.open({
    deviceId,
    authState: { simulator: { phonenumber: '6281200000001', pushname: 'Uji' } },
  });
  await nextConnected(session);
  return { driver, deviceId, session };
}

function nextConnected(session: WaSession): Promise<void> {
  return new Promise((resolve) => {
    const stop = session.subscribe((event) => {
      if (event.type === 'connection' && event.state === 'connected') {
        stop();
        resolve();
      }
    });
  });
}

/** The pace a caller gives: it records what the rule asked of it instead of waiting real seconds. */
function recordingPace(session: WaSession, halted: () => boolean = () => false) {
  const seen = { attempting: [] as string[], slept: [] as number[], reconnects: 0 };
  const pace: RetryPace = {
    session: () => session,
    halted,
    sleep: async (seconds) => {
      seen.slept.push(seconds);
    },
    attempting: async (code) => {
      seen.attempting.push(code);
    },
    reconnected: async () => {
      seen.reconnects++;
      await nextConnected(session);
      return true;
    },
  };
  return { pace, seen };
}

const to = { number: '6285700000001', name: 'Rina' };

describe('sending a template', () => {
  it('fills in {name} and {phoneNumber} and sends once when nothing fails', async () => {
    const { driver, deviceId, session } = await connected(NO_FAILURES);
    const { pace, seen } = recordingPace(session);
    const outcome = await sendTemplate(pace, to, { text: 'Halo {name} ({phoneNumber}), {name}!' });
    expect(outcome).toEqual({ status: 'success', id: expect.stringMatching(/./) });
    expect(driver.sentBy(deviceId).map((sent) => [sent.to, sent.text])).toEqual([
      ['6285700000001', 'Halo Rina (6285700000001), Rina!'],
    ]);
    expect(seen).toEqual({ attempting: [], slept: [], reconnects: 0 });
    expect(fillTemplate('{phoneNumber}', { number: '62', name: '' })).toBe('62');
  });

  it('tries a passing failure 3 times in all, announcing each retry and backing off 2 s then 4 s', async () => {
    const { session } = await connected({ ...NO_FAILURES, transient: 1 });
    const { pace, seen } = recordingPace(session);
    const outcome = await sendTemplate(pace, to, { text: 'x' });
    expect(outcome).toMatchObject({ status: 'fail', error: expect.stringMatching(/^(408|503): timeout/) });
    expect(seen.attempting).toHaveLength(2);
    for (const code of seen.attempting) expect(['408', '503']).toContain(code);
    expect(seen.slept).toEqual([2, 4]);
  });

  it("answers WhatsApp's 429 as a restriction to cool down for, without trying again at once", async () => {
    const { session } = await connected({ ...NO_FAILURES, rateLimited: 1 });
    const { pace, seen } = recordingPace(session);
    const outcome = await sendTemplate(pace, to, { text: 'x' });
    expect(outcome).toEqual({ status: 'restricted', code: '429', error: '429: rate-overlimit', until: null });
    expect(seen).toEqual({ attempting: [], slept: [], reconnects: 0 });
  });

  it('tries a message whose ack was lost again under its id: it arrives once', async () => {
    const { driver, deviceId, session } = await connected({ ...NO_FAILURES, lostAck: 1 });
    const { pace, seen } = recordingPace(session);
    const outcome = await sendTemplate(pace, to, { text: 'Halo {name}' });
    expect(seen.attempting).toEqual(['timeout']);
    expect(outcome).toEqual({ status: 'success', id: driver.sentBy(deviceId)[0]?.id });
    expect(driver.sentBy(deviceId).map((sent) => sent.text)).toEqual(['Halo Rina']);
  });

  it('does not retry a recipient WhatsApp refuses', async () => {
    const { session } = await connected({ ...NO_FAILURES, rejected: 1 });
    const { pace, seen } = recordingPace(session);
    const outcome = await sendTemplate(pace, to, { text: 'x' });
    expect(outcome).toEqual({ status: 'fail', error: 'not-on-whatsapp: 6285700000001 is not on WhatsApp' });
    expect(seen).toEqual({ attempting: [], slept: [], reconnects: 0 });
  });

  it('tells a ban apart, without retrying', async () => {
    const { session } = await connected({ ...NO_FAILURES, ban: 1 });
    const { pace, seen } = recordingPace(session);
    expect(await sendTemplate(pace, to, { text: 'x' })).toEqual({ status: 'banned', error: 'banned: account banned' });
    expect(seen.attempting).toEqual([]);
  });

  it('waits for a dropped connection, without counting it as an attempt, then sends', async () => {
    const { driver, deviceId, session } = await connected(NO_FAILURES);
    driver.control(deviceId, 'disconnect');
    const { pace, seen } = recordingPace(session);
    expect(await sendTemplate(pace, to, { text: 'Halo {name}' })).toEqual({
      status: 'success',
      id: expect.stringMatching(/./),
    });
    expect(seen).toEqual({ attempting: [], slept: [], reconnects: 1 });
    expect(driver.sentBy(deviceId).map((sent) => sent.text)).toEqual(['Halo Rina']);
  });

  it('fails when the connection does not come back', async () => {
    const { driver, deviceId, session } = await connected(NO_FAILURES);
    driver.control(deviceId, 'disconnect');
    const { pace } = recordingPace(session);
    pace.reconnected = async () => false;
    expect(await sendTemplate(pace, to, { text: 'x' })).toEqual({
      status: 'fail',
      error: 'not-connected: session is disconnected',
    });
  });

  it('is stopped, with nothing sent, when halted before anything went out', async () => {
    const { driver, deviceId, session } = await connected(NO_FAILURES);
    const { pace } = recordingPace(session, () => true);
    expect(await sendTemplate(pace, to, { text: 'x' })).toEqual({ status: 'stopped' });
    expect(driver.sentBy(deviceId)).toEqual([]);

    // Halted while the connection was away: still nothing went out.
    let halted = false;
    const away = recordingPace(session, () => halted);
    away.pace.session = () => undefined;
    away.pace.reconnected = async () => {
      halted = true;
      return false;
    };
    expect(await sendTemplate(away.pace, to, { text: 'x' })).toEqual({ status: 'stopped' });
  });

  it('is a failure, to be counted, when halted after a try went out', async () => {
    const { session } = await connected({ ...NO_FAILURES, transient: 1 });
    let halted = false;
    const { pace, seen } = recordingPace(session, () => halted);
    pace.sleep = async () => {
      halted = true;
    };
    expect(await sendTemplate(pace, to, { text: 'x' })).toMatchObject({ status: 'fail' });
    expect(seen.attempting).toHaveLength(1);
  });
});
