/** The simulator links and loses connections as the Baileys driver reports them (wa/baileys.ts onClose). */
import { describe, expect, it } from 'vitest';
import { QUIET_RATES, SimulatorDriver, type SimulatorRates } from './simulator.ts';
import { isState, record, summary, until } from './simulator-test-kit.ts';

const driverWith = (rates: Partial<SimulatorRates>, extra: { scanMs?: number; qrMs?: [number, number] } = {}) =>
  new SimulatorDriver({
    seed: 11,
    scanMs: extra.scanMs ?? 600_000,
    delayMs: [1, 3],
    reconnectMs: 20,
    qrMs: extra.qrMs ?? [40, 20],
    qrRefs: 3,
    outdatedMs: [60, 80],
    laterMs: [5, 10],
    rates: { ...QUIET_RATES, ...rates },
  });

async function linked(driver: SimulatorDriver, deviceId: string) {
  const session = await driver.open({ deviceId, authState: null });
  const events = record(session);
  await until(() => events.some((event) => event.type === 'qr'));
  driver.control(deviceId, 'scan');
  await until(() => events.some(isState('connected')));
  const auth = events.find((event) => event.type === 'auth-state');
  return { session, events, authState: auth?.type === 'auth-state' ? auth.authState : null };
}

describe('the simulator links like WhatsApp', () => {
  it('runs out of QR refs into a disconnect, then shows new ones; nobody scans at rate 1', async () => {
    const driver = driverWith({ unscanned: 1 }, { scanMs: 0 });
    const session = await driver.open({ deviceId: 'qr-1', authState: null });
    const events = record(session);
    await until(() => events.filter((event) => event.type === 'qr').length >= 4, 2000);
    expect(summary(events).slice(0, 4)).toEqual(['qr', 'qr', 'qr', 'connection:disconnected']);
    expect(events[3]).toMatchObject({ reason: 'QR refs attempts ended' });
    expect(events.some((event) => event.type === 'authenticated' || isState('connecting')(event))).toBe(false);
    await session.close();
  });

  it('expires a pairing code as its refs run out and issues a new one; forced by `expire`', async () => {
    const driver = driverWith({}, { qrMs: [60_000, 20_000] });
    const session = await driver.open({ deviceId: 'code-1', authState: null, pairingNumber: '6281234567890' });
    const events = record(session);
    await until(() => events.some((event) => event.type === 'code'));
    driver.control('code-1', 'expire');
    await until(() => events.filter((event) => event.type === 'code').length === 2);
    expect(summary(events)).toEqual(['code', 'connection:disconnected', 'code']);
    await session.close();
  });

  it('saves the credentials at the scan, restarts with 515 and opens linked without a new scan', async () => {
    const driver = driverWith({ restartAfterScan: 1 });
    const { session, events } = await linked(driver, 'restart-1');
    const after = summary(events).slice(summary(events).indexOf('auth-state'));
    expect(after).toEqual(['auth-state', 'authenticated', 'connection:connected']);
    await session.close();

    const quiet = driverWith({ restartAfterScan: 0 });
    const direct = await quiet.open({ deviceId: 'restart-2', authState: null });
    const seen = record(direct);
    await until(() => seen.some((event) => event.type === 'qr'));
    quiet.control('restart-2', 'restart');
    // The forced 515 leaves a gap with nothing announced before the linked session opens.
    expect(summary(seen)).toEqual(['qr', 'auth-state']);
    await until(() => seen.some(isState('connected')));
    quiet.control('restart-2', 'restart');
    await until(() => seen.filter(isState('connected')).length === 2);
    expect(summary(seen).slice(-2)).toEqual(['connection:connecting', 'connection:connected']);
    await direct.close();
  });

  it('answers 405 as outdated until a new version is out, on a link and on a linked session', async () => {
    const driver = driverWith({ outdated: 1 });
    const session = await driver.open({ deviceId: 'old-1', authState: null });
    const events = record(session);
    await until(() => events.some((event) => event.type === 'qr'), 2000);
    expect(events[0]).toMatchObject({
      type: 'connection',
      state: 'outdated',
      reason: 'WhatsApp refused this WhatsApp Web version (405)',
    });
    expect(new Set(summary(events).slice(0, -1))).toEqual(new Set(['connection:outdated']));
    driver.control('old-1', 'scan');
    await until(() => events.some(isState('connected')));

    driver.control('old-1', 'outdated');
    expect(events.at(-1)).toMatchObject({ type: 'connection', state: 'outdated' });
    await expect(session.sendMessage('628111', { text: 'x' })).rejects.toMatchObject({ kind: 'disconnected' });
    await until(() => events.filter(isState('connected')).length === 2, 2000);
    await session.close();
  });

  it('gives the name a moment after the link when it comes late', async () => {
    const driver = driverWith({ lateName: 1 });
    const { session, events } = await linked(driver, 'name-1');
    expect(events.find((event) => event.type === 'authenticated')).toMatchObject({ pushname: '' });
    await until(() => events.some((event) => event.type === 'profile'));
    const profile = events.find((event) => event.type === 'profile');
    expect(profile).toMatchObject({ pushname: expect.stringMatching(/^\w+ \w+$/) });
    const saved = events.filter((event) => event.type === 'auth-state').at(-1);
    expect(saved).toMatchObject({
      authState: { simulator: { pushname: profile?.type === 'profile' && profile.pushname } },
    });
    driver.control('name-1', 'profile');
    expect(events.filter((event) => event.type === 'profile')).toHaveLength(2);
    await session.close();
  });

  it('logs out from the phone with 401, and refuses those credentials afterwards', async () => {
    const driver = driverWith({});
    const { session, events, authState } = await linked(driver, 'phone-1');
    driver.control('phone-1', 'logout');
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'loggedOut', reason: 'Stream Errored (conflict)' });
    await expect(session.sendMessage('628111', { text: 'x' })).rejects.toMatchObject({ kind: 'disconnected' });
    await session.close();

    const again = await driver.open({ deviceId: 'phone-1', authState });
    const seen = record(again);
    await until(() => seen.some(isState('loggedOut')));
    expect(summary(seen)).toEqual(['connection:connecting', 'connection:loggedOut']);
    expect(seen[1]).toMatchObject({ reason: 'Connection Failure' });
    await again.close();
  });

  it('closes with 440 when the credentials connect elsewhere, by a send at rate 1 or forced', async () => {
    const driver = driverWith({ replaced: 1 });
    const { session, events } = await linked(driver, 'twin-1');
    await expect(session.sendMessage('628111', { text: 'x' })).rejects.toMatchObject({ kind: 'disconnected' });
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'conflict', reason: 'Stream Errored (conflict)' });
    expect(driver.control('twin-1', 'scan')).toBe(false);

    const forced = driverWith({});
    const other = await linked(forced, 'twin-2');
    forced.control('twin-2', 'replace');
    expect(other.events.at(-1)).toMatchObject({ type: 'connection', state: 'conflict' });
  });

  it('links the same way for the same seed', async () => {
    const run = async () => {
      const driver = driverWith({ restartAfterScan: 0.5, lateName: 0.5, outdated: 0.5 }, { scanMs: 30 });
      const words: string[] = [];
      for (const deviceId of ['s-1', 's-2', 's-3', 's-4']) {
        const session = await driver.open({ deviceId, authState: null });
        const events = record(session);
        await until(() => events.some(isState('connected')), 2000);
        await new Promise((resolve) => setTimeout(resolve, 20));
        words.push(summary(events).join(' '));
        await session.close();
      }
      return words;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });
});
