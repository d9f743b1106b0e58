import { describe, expect, it, vi } from 'vitest';
import { QUIET_RATES, SimulatorDriver, type SimulatorRates } from './simulator.ts';
import {
  AccountRisk,
  isNight,
  RECIPIENTS,
  RISK,
  type RiskSignals,
  recipientFactor,
  recipientOdds,
  riskFactor,
  standingOf,
} from './simulator-risk.ts';
import type { SimSession } from './simulator-session.ts';
import { isState, record, until } from './simulator-test-kit.ts';

const CALM: RiskSignals = {
  sendsLastHour: 0,
  sameBodyShare: 0,
  firstContactShare: 0,
  night: false,
  ageDays: Number.POSITIVE_INFINITY,
  checksLastHour: 0,
  reportsLastDay: 0,
};

/** Jakarta's wall clock (UTC+7). */
const wib = (local: string) => Date.parse(`${local}+07:00`);
const HOUR = 3_600_000;

/** Each signal's values from calm to worst, in order. */
const STEPS: { [K in keyof RiskSignals]: RiskSignals[K][] } = {
  sendsLastHour: [0, 1, 20, 59, 60, 180, 360, 3600],
  sameBodyShare: [0, 0.02, 0.33, 0.5, 1],
  firstContactShare: [0, 0.02, 0.5, 1],
  night: [false, true],
  ageDays: [Number.POSITIVE_INFINITY, 365, 60, 30, 7, 1, 0.01, 0],
  checksLastHour: [0, 1, 50, 100, 1000],
  reportsLastDay: [0, 1, 5, 10, 50, 500],
};

/** A few points to hold the other signals at: calm, worst, and in between. */
const ELSEWHERE: RiskSignals[] = [
  CALM,
  {
    sendsLastHour: 180,
    sameBodyShare: 0.33,
    firstContactShare: 1,
    night: true,
    ageDays: 0,
    checksLastHour: 500,
    reportsLastDay: 40,
  },
  {
    sendsLastHour: 30,
    sameBodyShare: 1,
    firstContactShare: 0.1,
    night: false,
    ageDays: 10,
    checksLastHour: 5,
    reportsLastDay: 0,
  },
];

describe('the simulator ban model: its factor', () => {
  it('is 1 for calm conduct and at least 1 anywhere', () => {
    expect(riskFactor(CALM)).toBe(1);
    for (const base of ELSEWHERE) expect(riskFactor(base)).toBeGreaterThanOrEqual(1);
  });

  for (const signal of Object.keys(STEPS) as (keyof RiskSignals)[]) {
    it(`rises with ${signal}, whatever the others are`, () => {
      for (const base of ELSEWHERE) {
        const factors = STEPS[signal].map((value) => riskFactor({ ...base, [signal]: value }));
        // Never falls (a year-old link is as good as one of unknown age), and the worst is above the calm.
        for (let i = 1; i < factors.length; i++) expect(factors[i]).toBeGreaterThanOrEqual(factors[i - 1] as number);
        expect(factors.at(-1)).toBeGreaterThan(factors[0] as number);
      }
    });
  }

  it('leaves the reports out of what recipients meet, and weighs in the standing', () => {
    const pushed = ELSEWHERE[1] as RiskSignals;
    expect(recipientFactor(pushed, 1)).toBe(riskFactor({ ...pushed, reportsLastDay: 0 }));
    expect(recipientFactor(pushed, 1)).toBeLessThan(riskFactor(pushed));
    expect(recipientFactor(CALM, RISK.distrust)).toBe(RISK.distrust);
  });

  it('gives a seeded share of numbers a poor standing, the same for the same seed and number', () => {
    const numbers = Array.from({ length: 5000 }, (_, i) => `62899${String(i).padStart(7, '0')}`);
    const distrusted = numbers.filter((number) => standingOf(23, number) === RISK.distrust);
    expect(distrusted.length / numbers.length).toBeCloseTo(RISK.distrustedShare, 1);
    expect(numbers.every((number) => [1, RISK.distrust].includes(standingOf(23, number)))).toBe(true);
    expect(numbers.filter((number) => standingOf(23, number) === RISK.distrust)).toEqual(distrusted);
    expect(numbers.filter((number) => standingOf(24, number) === RISK.distrust)).not.toEqual(distrusted);
  });

  it('counts night in the business time zone', () => {
    expect(isNight('Asia/Jakarta', wib('2026-11-26T23:30:00'))).toBe(true);
    expect(isNight('Asia/Jakarta', wib('2026-11-26T05:59:00'))).toBe(true);
    expect(isNight('Asia/Jakarta', wib('2026-11-26T06:00:00'))).toBe(false);
    expect(isNight('Asia/Jakarta', wib('2026-11-26T21:59:00'))).toBe(false);
    // 23:30 in Jakarta is 17:30 in Berlin.
    expect(isNight('Europe/Berlin', wib('2026-11-26T23:30:00'))).toBe(false);
  });
});

describe('the simulator ban model: what an account did', () => {
  it('counts the last hour of sends and checks, first contacts, identical bodies and the age of the link', () => {
    const linked = wib('2026-11-26T09:00:00');
    const risk = new AccountRisk('Asia/Jakarta');
    risk.linked(new Date(linked).toISOString());
    expect(risk.send('6281', 'Halo', linked)).toEqual({ ...CALM, firstContactShare: 1, sameBodyShare: 1, ageDays: 0 });
    risk.send('6282', 'Hai', linked + 1000);
    const third = risk.send('6281', 'Halo', linked + 2000);
    expect(third.sendsLastHour).toBe(2);
    expect(third.firstContactShare).toBeCloseTo(2 / 3);
    expect(third.sameBodyShare).toBeCloseTo(2 / 3);
    risk.check(linked + 3000);
    // An hour after the first sends, they and the check no longer count; the age does.
    const later = risk.send('6283', 'Hai', linked + HOUR + 3500);
    expect(later.sendsLastHour).toBe(0);
    expect(later.checksLastHour).toBe(0);
    expect(later.ageDays).toBeCloseTo((HOUR + 3500) / 86_400_000);
    expect(risk.check(linked + HOUR + 3600)).toMatchObject({ sendsLastHour: 1, checksLastHour: 0 });
    // Linked again: a fresh link, the sends of the hour still counted.
    risk.linked(new Date(linked + HOUR + 4000).toISOString());
    expect(risk.send('6281', 'Halo', linked + HOUR + 4000)).toMatchObject({ ageDays: 0, sendsLastHour: 1 });
  });

  it('counts the reports of the last day', () => {
    const start = wib('2026-11-26T10:00:00');
    const risk = new AccountRisk('Asia/Jakarta');
    risk.reported(start);
    risk.reported(start + HOUR);
    expect(risk.send('6281', 'Halo', start + 2 * HOUR).reportsLastDay).toBe(2);
    expect(risk.check(start + 24 * HOUR + 1).reportsLastDay).toBe(1);
    expect(risk.send('6282', 'Halo', start + 25 * HOUR).reportsLastDay).toBe(0);
  });

  it('judges the shares over the last sends only', () => {
    const risk = new AccountRisk('Asia/Jakarta');
    const start = wib('2026-11-26T10:00:00');
    for (let i = 0; i < RISK.recent; i++) risk.send(`62${i}`, 'Sama', start + i);
    // Sent again to the same numbers with new texts: the cold and identical sends leave the window one by one.
    let signals = CALM;
    for (let i = 0; i < RISK.recent; i++) signals = risk.send(`62${i}`, `Beda ${i}`, start + RISK.recent + i);
    expect(signals.firstContactShare).toBe(0);
    expect(signals.sameBodyShare).toBe(1 / RISK.recent);
    expect(signals.ageDays).toBe(Number.POSITIVE_INFINITY);
  });
});

/** The first number of the tests' series with this standing for the seed. */
function numberOfStanding(seed: number, standing: number): string {
  for (let i = 0; ; i++) {
    const number = `62812999${String(i).padStart(5, '0')}`;
    if (standingOf(seed, number) === standing) return number;
  }
}

/**
 * A session of a driver under the behaviour model on a clock the test moves, linked at the clock's time; its
 * number of good standing unless asked.
 */
async function linkedSession(options: {
  seed: number;
  clock: { now: number };
  rates?: Partial<SimulatorRates>;
  receiptMs?: [number, number];
  phonenumber?: string;
}) {
  const driver = new SimulatorDriver({
    seed: options.seed,
    scanMs: 60_000,
    delayMs: [0, 0],
    ...(options.receiptMs ? { receiptMs: options.receiptMs } : {}),
    bans: 'behaviour',
    now: () => options.clock.now,
    rates: { ...QUIET_RATES, delivered: 0, ...options.rates },
  });
  const session = await driver.open({
    deviceId: 'risky',
    authState: {
      simulator: {
        phonenumber: options.phonenumber ?? numberOfStanding(options.seed, 1),
        pushname: 'Risky',
        linked_at: new Date(options.clock.now).toISOString(),
      },
    },
  });
  const events = record(session);
  await until(() => events.some(isState('connected')));
  return { session, events };
}

/**
 * Sends every `everyS` seconds on the test's clock until the account is banned or `most` sends went; the
 * number of sends it took. First contacts and one body: a careless blast.
 */
async function sendsUntilBanned(seed: number, everyS: number, start: number, most: number): Promise<number> {
  const clock = { now: start };
  const { session } = await linkedSession({ seed, clock, rates: { ban: 0.00005, tempBan: 0, timelock: 0 } });
  for (let sent = 1; sent <= most; sent++) {
    const outcome = await session.sendMessage(`6285${sent}`, { text: 'Promo hari ini' }).then(
      () => 'ok',
      (error: { kind: string }) => error.kind,
    );
    if (outcome === 'banned') return sent;
    clock.now += everyS * 1000;
  }
  await session.close();
  return most + 1;
}

describe('the simulator ban model in the driver', () => {
  it('replays a seed send for send, and bans a fast night blast sooner than a slow one by day', async () => {
    const night = wib('2026-11-26T22:00:00');
    const day = wib('2026-11-26T09:00:00');
    const fast = await Promise.all([1, 2, 3, 4].map((seed) => sendsUntilBanned(seed, 5, night, 400)));
    expect(await Promise.all([1, 2, 3, 4].map((seed) => sendsUntilBanned(seed, 5, night, 400)))).toEqual(fast);
    const slow = await Promise.all([1, 2, 3, 4].map((seed) => sendsUntilBanned(seed, 600, day, 400)));
    const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);
    expect(total(fast)).toBeLessThan(total(slow));
  });

  it('may ban an account on a number check, which the flat model never does', async () => {
    const clock = { now: wib('2026-11-26T10:00:00') };
    const { session, events } = await linkedSession({ seed: 9, clock, rates: { ban: 1 } });
    await expect(session.checkNumber('6281200000001')).rejects.toMatchObject({ kind: 'banned' });
    expect(events.some((event) => event.type === 'banned')).toBe(true);

    const flat = new SimulatorDriver({ seed: 9, scanMs: 60_000, delayMs: [0, 0], rates: { ...QUIET_RATES, ban: 1 } });
    const other = await flat.open({
      deviceId: 'flat',
      authState: { simulator: { phonenumber: '62812', pushname: 'F' } },
    });
    const seen = record(other);
    await until(() => seen.some(isState('connected')));
    await expect(other.checkNumber('6281200000001')).resolves.toMatchObject({ name: null });
    await other.close();
  });
});

describe('the simulator ban model: what recipients do', () => {
  it("is a careful account's odds at factor 1, and worsens as the factor rises", () => {
    for (const [kind, odds] of Object.entries(recipientOdds(1))) {
      expect(odds).toBeCloseTo(RECIPIENTS[kind as keyof typeof RECIPIENTS], 12);
    }
    const factors = [1, 2, 7, 33, 100, 333, 1000];
    const odds = factors.map(recipientOdds);
    for (let i = 1; i < odds.length; i++) {
      const [was, now] = [odds[i - 1], odds[i]] as [ReturnType<typeof recipientOdds>, ReturnType<typeof recipientOdds>];
      expect(now.lag).toBeGreaterThan(was.lag);
      expect(now.stop).toBeGreaterThan(was.stop);
      expect(now.read).toBeLessThan(was.read);
      expect(now.reply).toBeLessThan(was.reply);
    }
    for (const { lag, read, reply, stop } of odds)
      for (const p of [lag, read, reply, stop]) expect(p).toBeLessThanOrEqual(1);
  });

  /** What became of `count` cold sends of one body every `everyS` seconds from `start`: counts of each fate. */
  async function fates(everyS: number, start: number, count: number) {
    const clock = { now: start };
    const { session } = await linkedSession({ seed: 5, clock });
    const counts = { lagged: 0, read: 0, replied: 0, stopped: 0 };
    for (let i = 0; i < count; i++) {
      await session.sendMessage(`6286${i}`, { text: 'Promo hari ini' });
      const fate = (session as SimSession).outbox.sent.at(-1)?.fate;
      if (!fate) throw new Error('no fate under the behaviour model');
      for (const kind of Object.keys(counts) as (keyof typeof counts)[]) if (fate[kind]) counts[kind]++;
      clock.now += everyS * 1000;
    }
    await session.close();
    return counts;
  }

  it('holds back and stops more of a fast night blast than of a slow one by day, and reads and answers less of it', async () => {
    const fast = await fates(5, wib('2026-11-26T22:00:00'), 300);
    const slow = await fates(600, wib('2026-11-26T09:00:00'), 300);
    expect(await fates(5, wib('2026-11-26T22:00:00'), 300)).toEqual(fast);
    expect(fast.lagged).toBeGreaterThan(slow.lagged);
    // A message held back is never stopped: the STOPs are of those that arrived.
    const stopRate = (counts: typeof fast) => counts.stopped / (300 - counts.lagged);
    expect(stopRate(fast)).toBeGreaterThan(stopRate(slow));
    expect(fast.read).toBeLessThan(slow.read);
    expect(fast.replied).toBeLessThanOrEqual(slow.replied);
  });

  it('sends a delivered receipt only for a message not held back, and the recipient’s STOP or reply as a message', async () => {
    const clock = { now: wib('2026-11-26T22:00:00') };
    const { session, events } = await linkedSession({ seed: 6, clock, rates: { delivered: 1 }, receiptMs: [1, 2] });
    const sent: { to: string; fate: NonNullable<ReturnType<SimSession['outbox']['sent']['at']>>['fate'] }[] = [];
    for (let i = 0; i < 200; i++) {
      const to = `6287${i}`;
      await session.sendMessage(to, { text: 'Promo hari ini' });
      sent.push({ to, fate: (session as SimSession).outbox.sent.at(-1)?.fate });
      clock.now += 5000;
    }
    const stopped = sent.filter((message) => message.fate?.stopped).map((message) => message.to);
    const answered = sent.filter((message) => message.fate?.replied && !message.fate.stopped).map((m) => m.to);
    const held = sent.filter((message) => message.fate?.lagged).length;
    expect(stopped.length).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(0);
    await until(() => events.filter((event) => event.type === 'message').length === stopped.length + answered.length);
    const messages = events.flatMap((event) => (event.type === 'message' ? [[event.from, event.text]] : []));
    expect(messages.filter(([, text]) => text === 'STOP').map(([from]) => from)).toEqual(stopped);
    await until(
      () => events.filter((event) => event.type === 'receipt' && event.status === 'delivered').length === 200 - held,
    );
    await session.close();
  });

  it("counts each STOP against the account's next sends", async () => {
    const sends = vi.spyOn(AccountRisk.prototype, 'send');
    const clock = { now: wib('2026-11-26T22:00:00') };
    const { session } = await linkedSession({ seed: 6, clock });
    let stops = 0;
    for (let i = 0; i < 200; i++) {
      await session.sendMessage(`6288${i}`, { text: 'Promo hari ini' });
      expect(sends.mock.results.at(-1)?.value).toMatchObject({ reportsLastDay: stops });
      if ((session as SimSession).outbox.sent.at(-1)?.fate?.stopped) stops++;
      clock.now += 5000;
    }
    expect(stops).toBeGreaterThan(1);
    sends.mockRestore();
    await session.close();
  });

  it('holds back more of a distrusted number’s messages and reads fewer, for the same sends', async () => {
    const of = async (standing: number) => {
      const clock = { now: wib('2026-11-26T09:00:00') };
      const phonenumber = numberOfStanding(7, standing);
      const { session } = await linkedSession({ seed: 7, clock, phonenumber });
      const counts = { lagged: 0, read: 0 };
      for (let i = 0; i < 300; i++) {
        await session.sendMessage(`6289${i}`, { text: 'Promo hari ini' });
        const fate = (session as SimSession).outbox.sent.at(-1)?.fate;
        if (fate?.lagged) counts.lagged++;
        if (fate?.read) counts.read++;
        clock.now += 120_000;
      }
      await session.close();
      return counts;
    };
    const [trusted, distrusted] = [await of(1), await of(RISK.distrust)];
    expect(distrusted.lagged).toBeGreaterThan(trusted.lagged);
    expect(distrusted.read).toBeLessThan(trusted.read);
  });

  it('decides no fate under the flat model', async () => {
    const flat = new SimulatorDriver({ seed: 9, scanMs: 60_000, delayMs: [0, 0], rates: QUIET_RATES });
    const session = await flat.open({
      deviceId: 'flat-fate',
      authState: { simulator: { phonenumber: '62813', pushname: 'F' } },
    });
    const seen = record(session);
    await until(() => seen.some(isState('connected')));
    await session.sendMessage('6281200000001', { text: 'Halo' });
    expect((session as SimSession).outbox.sent.at(-1)?.fate).toBeUndefined();
    await session.close();
  });
});
