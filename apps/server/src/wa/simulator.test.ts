import { describe, expect, it } from 'vitest';
import { SendError } from './driver.ts';
import { QUIET_RATES, SimulatorDriver } from './simulator.ts';
import { record, until } from './simulator-test-kit.ts';

const quiet = QUIET_RATES;

describe('the simulator driver', () => {
  it('shows a QR, links after the scan time, and hands out credentials that restore the session', async () => {
    const driver = new SimulatorDriver({ seed: 1, scanMs: 60, delayMs: [1, 3], rates: quiet });
    const session = await driver.open({ deviceId: 'dev-1', authState: null });
    const events = record(session);
    await until(() => events.some((event) => event.type === 'connection' && event.state === 'connected'));
    const types = events.map((event) => event.type);
    expect(types.indexOf('qr')).toBeLessThan(types.indexOf('authenticated'));
    const auth = events.find((event) => event.type === 'auth-state');
    const linked = events.find((event) => event.type === 'authenticated');
    expect(linked).toMatchObject({ phonenumber: expect.stringMatching(/^628\d{9}$/) });
    await session.close();

    const restored = await driver.open({
      deviceId: 'dev-1',
      authState: auth?.type === 'auth-state' ? auth.authState : null,
    });
    const again = record(restored);
    await until(() => again.some((event) => event.type === 'connection' && event.state === 'connected'));
    expect(again.some((event) => event.type === 'qr' || event.type === 'authenticated')).toBe(false);
    await restored.close();
  });

  it('issues a pairing code for a number and links that number', async () => {
    const driver = new SimulatorDriver({ seed: 2, scanMs: 10_000, delayMs: [1, 3], rates: quiet });
    const session = await driver.open({ deviceId: 'dev-2', authState: null, pairingNumber: '6281234567890' });
    const events = record(session);
    await until(() => events.some((event) => event.type === 'code'));
    expect(events.find((event) => event.type === 'code')).toMatchObject({
      code: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    expect(driver.control('dev-2', 'scan')).toBe(true);
    expect(events.find((event) => event.type === 'authenticated')).toMatchObject({ phonenumber: '6281234567890' });
    await session.close();
    expect(driver.control('dev-2', 'scan')).toBe(false);
  });

  it('sends with the buttons as text, and fails as told by its rates', async () => {
    const driver = new SimulatorDriver({ seed: 3, scanMs: 0, delayMs: [1, 2], rates: quiet });
    const session = await driver.open({ deviceId: 'dev-3', authState: null });
    const events = record(session);
    await until(() => events.some((event) => event.type === 'connection' && event.state === 'connected'));
    await session.sendMessage('628111', {
      text: 'Halo *Budi*',
      buttons: [{ id: '1', title: 'Kunjungi', url: 'https://toko.test', type: 'url_button' }],
    });
    expect(driver.sentBy('dev-3')[0]).toMatchObject({
      to: '628111',
      text: 'Halo *Budi*\n\nKunjungi: https://toko.test',
    });

    driver.control('dev-3', 'disconnect');
    await expect(session.sendMessage('628111', { text: 'x' })).rejects.toMatchObject({ kind: 'disconnected' });
    await until(
      () => events.filter((event) => event.type === 'connection' && event.state === 'connected').length === 2,
      5000,
    );
    driver.control('dev-3', 'ban');
    const banned = await session.sendMessage('628111', { text: 'x' }).catch((error: unknown) => error);
    expect(banned).toBeInstanceOf(SendError);
    expect(banned).toMatchObject({ kind: 'banned' });
    expect(events.some((event) => event.type === 'banned')).toBe(true);
    await session.close();
  }, 10_000);

  it('is repeatable for a seed: the same outcomes and the same numbers exist', async () => {
    const outcomes = async (seed: number) => {
      const driver = new SimulatorDriver({
        seed,
        scanMs: 0,
        delayMs: [0, 1],
        rates: { ...QUIET_RATES, transient: 0.3, rejected: 0.2, restricted: 0.1, timelock: 0.05 },
      });
      const session = await driver.open({ deviceId: 'dev-r', authState: null });
      const events = record(session);
      await until(() => events.some((event) => event.type === 'connection' && event.state === 'connected'));
      const results: string[] = [];
      for (let i = 0; i < 40; i++) {
        results.push(
          await session.sendMessage(`62812${i}`, { text: 'x' }).then(
            () => 'ok',
            (error: SendError) => error.kind,
          ),
        );
      }
      const exists: (boolean | string)[] = [];
      for (let i = 0; i < 20; i++) {
        exists.push(
          await session.checkNumber(`628110${i}`).then(
            (answer) => answer.exists,
            (error: SendError) => error.kind,
          ),
        );
      }
      await session.close();
      return { results, exists };
    };
    const first = await outcomes(42);
    expect(await outcomes(42)).toEqual(first);
    expect(first.results).toContain('ok');
    expect(first.results).toContain('transient');
    expect(first.results).toContain('rejected');
    expect(first.results).toContain('restricted');
    // Checks meet passing failures too, at the same rate.
    expect(first.exists).toContain('transient');
    expect(first.exists.filter((answer) => typeof answer === 'boolean').length).toBeGreaterThan(0);
  });

  it('answers checks by its seeded hash, never a name, and fails some for a passing reason at the send rate', async () => {
    const driver = new SimulatorDriver({
      seed: 5,
      scanMs: 0,
      delayMs: [0, 1],
      rates: { ...QUIET_RATES, transient: 0.5 },
    });
    const session = await driver.open({ deviceId: 'dev-c', authState: null });
    const events = record(session);
    await until(() => events.some((event) => event.type === 'connection' && event.state === 'connected'));
    const codes = new Set<string>();
    let answered = 0;
    for (let i = 0; i < 60; i++) {
      const number = `628120${i}`;
      try {
        const answer = await session.checkNumber(number);
        expect(answer).toEqual({ exists: driver.exists(number), name: null });
        answered++;
      } catch (error) {
        expect(error).toMatchObject({ kind: 'transient' });
        codes.add((error as SendError).code);
      }
    }
    expect(answered).toBeGreaterThan(10);
    expect(answered).toBeLessThan(50);
    expect([...codes].every((code) => ['429', '408', '503'].includes(code))).toBe(true);
    // Only the answered checks count as checked.
    expect(driver.checksBy('dev-c')).toBe(answered);
    await session.close();

    const quiet = new SimulatorDriver({ seed: 5, scanMs: 0, delayMs: [0, 1], rates: QUIET_RATES });
    const calm = await quiet.open({ deviceId: 'dev-q', authState: null });
    const calmEvents = record(calm);
    await until(() => calmEvents.some((event) => event.type === 'connection' && event.state === 'connected'));
    for (let i = 0; i < 60; i++) await calm.checkNumber(`628121${i}`);
    expect(quiet.checksBy('dev-q')).toBe(60);
    await calm.close();
  });
});
