// A week of ACCOUNTS simulator accounts (default 200) blasting, with the account safety rule off and on, on a
// clock the bench moves (issue 23 item 9): what the simulator's behaviour ban model (docs/operations.md) makes
// of each. Prints side by side the accounts lost (banned, or temporarily banned), accounts lost per 100,000
// messages, messages delivered per surviving account-day and income per member, then whether issue 23's
// "Done means" holds. Not a time budget: the figures come from seeded chance, the same for the same SIM_SEED.
//
// Each account runs the blast's steps in the blast loop's order (engine/blast/blast-loop.ts) with the engine's own
// parts: the safety rule before each send (send-policy.ts, on the bench's clock, its cap growing as the account
// proves itself: proven-cap.ts), the account's health from its simulated signals of the last 24 hours
// (health.ts: its restrictions, 429s and temporary bans, and what its recipients did: the simulator's behaviour
// model decides, as WhatsApp takes each message, whether it is held back undelivered, read, answered or
// stopped, at odds that worsen as the account is pushed and for a number of poor standing; its STOPs count
// against the account's next sends: simulator-risk.ts; and its connection drops at the simulator's rate),
// slowed, paused and re-checked as the loop does, the one send with its retry rule (send.ts; its sleeps move
// the clock, a drop waits the reconnect), a template variant picked as a blast picks it, the wait after a
// restriction (restrict.ts), the interval's pause (spread over the sending hours under the rule,
// send-spread.ts), warm-up again after a temporary ban; the day's counters kept as the outcome writer keeps
// them. PostgreSQL is left out: a week without the rule is hundreds of
// thousands of sends, hours through the database (the engine bench measures that path). Every account has a
// clock and a simulator driver of its own (the model judges each account by its own sends), so the 200 weeks
// run at once; they share the list of numbers.
import { loadavg } from 'node:os';
import { parseCaptions, pickVariant } from '@sewablast/contract/variants';
import { settings } from '../apps/server/src/db/schema.ts';
import { SAFETY_RECHECK_S } from '../apps/server/src/engine/blast/blast-hold.ts';
import { sendTemplate } from '../apps/server/src/engine/blast/send.ts';
import { restrictionWait } from '../apps/server/src/engine/safety/restrict.ts';
import { DEFAULT_SETTINGS } from '../apps/server/src/modules/setting/service.ts';
import { RATE_LIMITED } from '../apps/server/src/rules/safety/health.ts';
import { provenAfter } from '../apps/server/src/rules/safety/proven-cap.ts';
import { sendPolicy } from '../apps/server/src/rules/safety/send-policy.ts';
import { spreadGap, spreadInterval } from '../apps/server/src/rules/safety/send-spread.ts';
import { hashString, seededRandom } from '../apps/server/src/wa/random.ts';
import { BEHAVIOUR_RATES, DEFAULT_RATES, QUIET_RATES, SimulatorDriver } from '../apps/server/src/wa/simulator.ts';
import { RISK, standingOf } from '../apps/server/src/wa/simulator-risk.ts';
import { healthLog } from './lib/health-log.mjs';
import { one, weekRows } from './lib/week-table.mjs';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 200);
const DAYS = Number(process.env.DAYS ?? 7);
const SEED = Number(process.env.SIM_SEED ?? 23);
const NUMBERS = 1_000_000;
const TIME_ZONE = 'Asia/Jakarta';
const DAY_MS = 86_400_000;
/** Monday 08:00 in Jakarta: the fleet is linked and every blast started then. */
const START = Date.parse('2026-11-30T08:00:00+07:00');
const END = START + DAYS * DAY_MS;
/** WhatsApp's temporary bans and reach-out timelocks as members report them: a day, and half of one. */
const TEMP_BAN_MS = 24 * 3_600_000;
const TIMELOCK_MS = 12 * 3_600_000;
/** The service's defaults: the safety settings as the schema has them, the interval and the price. */
const column = (name) => settings[name].default;
const SAFETY = {
  daily_cap: column('daily_cap'),
  daily_cap_step: column('daily_cap_step'),
  daily_cap_max: column('daily_cap_max'),
  warmup_days: column('warmup_days'),
  warmup_start_cap: column('warmup_start_cap'),
  send_window_start: column('send_window_start'),
  send_window_end: column('send_window_end'),
  template_repeat_days: column('template_repeat_days'),
  health_slow_below: column('health_slow_below'),
  health_pause_below: column('health_pause_below'),
  interval_min: DEFAULT_SETTINGS.interval_min,
  interval_max: DEFAULT_SETTINGS.interval_max,
};
/**
 * SET=daily_cap=1500,warmup_days=3,send_window_start=06:00 runs the rule at other settings than the defaults
 * (the sweep of docs/performance.md): numbers stay numbers, times stay text.
 */
for (const pair of (process.env.SET ?? '').split(',').filter(Boolean)) {
  const [name, value] = pair.split('=');
  if (!(name in SAFETY)) throw new Error(`SET: no setting ${name}`);
  SAFETY[name] = typeof SAFETY[name] === 'number' ? Number(value) : value;
}
/**
 * HEALTH=off runs the rule with health's slowdown and pause off (both thresholds 0), so that what health is
 * worth shows against the rule with it.
 */
const HEALTH = process.env.HEALTH ?? 'on';
if (HEALTH === 'off') Object.assign(SAFETY, { health_slow_below: 0, health_pause_below: 0 });
const THRESHOLDS = { health_slow_below: SAFETY.health_slow_below, health_pause_below: SAFETY.health_pause_below };
const HOUR_MS = 3_600_000;
const { interval_min: INTERVAL_MIN, interval_max: INTERVAL_MAX } = SAFETY;
const { price: PRICE } = DEFAULT_SETTINGS;
/** One template of three greetings and no {name} (a generator's numbers have none). */
const CAPTIONS = parseCaptions([
  '{Halo|Hai|Selamat siang} kak, ada promo akhir pekan dari Toko Sejahtera. Balas STOP bila tidak berkenan.',
]);
/**
 * Only what the model decides (bans, temporary bans, timelocks, recipients) and the simulator's connection drops;
 * every other fault off, and no receipts on the simulator's timers (the bench reads each message's fate from the
 * simulator's log instead).
 */
const RATES = { ...QUIET_RATES, ...BEHAVIOUR_RATES, disconnect: DEFAULT_RATES.disconnect, delivered: 0, read: 0 };
/**
 * How long a drop keeps an account from sending on the bench's clock: the simulator's reconnect (SIM_RECONNECT_MS'
 * default), which the blast's wait for the connection (engine/retry.ts awaitReconnect) sees as the row changes.
 * The simulator itself reconnects at once in real time.
 */
const RECONNECT_MS = 3_000;

let cursor = 0;
/** The list's next number, least recently sent first: the list is longer than a week of sends. */
const nextNumber = () => `62812${String(cursor++ % NUMBERS).padStart(7, '0')}`;

async function accountWeek(index, enforce) {
  const clock = { now: START };
  const driver = new SimulatorDriver({
    seed: SEED,
    scanMs: 600_000,
    delayMs: [0, 0],
    bans: 'behaviour',
    now: () => clock.now,
    timeZone: TIME_ZONE,
    rates: RATES,
    tempBanMs: TEMP_BAN_MS,
    restrictedMs: TIMELOCK_MS,
    reconnectMs: 0,
  });
  const deviceId = `week-${index}`;
  const phonenumber = `62899${String(index).padStart(7, '0')}`;
  const authState = {
    simulator: {
      phonenumber,
      pushname: `Akun ${index}`,
      linked_at: new Date(START).toISOString(),
    },
  };
  const random = seededRandom(SEED ^ hashString(deviceId));
  const week = {
    delivered: 0,
    banned: false,
    tempBans: 0,
    timelocks: 0,
    lostMs: 0,
    healthPausedMs: 0,
    healthSlowedMs: 0,
    slowedSends: 0,
    fates: { lagged: 0, read: 0, replied: 0, stopped: 0 },
    provenDays: 0,
    drops: 0,
    distrusted: standingOf(SEED, phonenumber) > 1,
  };
  const health = healthLog(THRESHOLDS);
  let session;
  let awayUntil = null;
  /** After a drop, settled when the connection is back. */
  let back = null;
  let backNow = () => {};
  const connect = async () => {
    session = await driver.open({ deviceId, authState });
    await new Promise((resolve) => {
      session.subscribe((event) => {
        if (event.type === 'connection' && event.state === 'connected') {
          resolve();
          backNow();
        }
        if (event.type === 'connection' && event.state === 'disconnected') {
          // As the event log's writer records it: a health signal.
          week.drops++;
          health.add(clock.now, 'disconnects');
          back = new Promise((settle) => {
            backNow = settle;
          });
        }
        if (event.type === 'banned' && event.until) {
          awayUntil = event.until.getTime();
          health.add(clock.now, 'tempBans');
        } else if (event.type === 'banned') week.banned = true;
      });
    });
  };
  // The loop's pace: its sleeps move the clock; a drop waits the reconnect, a temporary ban does not come back here.
  const pace = {
    session: () => session,
    halted: () => false,
    sleep: async (seconds) => {
      clock.now += seconds * 1000;
    },
    attempting: async () => {},
    reconnected: async () => {
      if (awayUntil !== null || week.banned || back === null) return false;
      await back;
      back = null;
      clock.now += RECONNECT_MS;
      return true;
    },
  };
  // What the rule reads of the account's row, kept as the outcome writer keeps it.
  const row = {
    sent_day: null,
    sent_count: 0,
    last_sent_at: null,
    warmup_started_on: null,
    limited_until: null,
    proven_days: 0,
    restricted_at: null,
    member_daily_cap: null,
    member_window_start: null,
    member_window_end: null,
  };
  let restrictedInARow = 0;
  const policyClock = () => ({ timeZone: TIME_ZONE, now: new Date(clock.now), enforce });
  await connect();
  while (clock.now < END && !week.banned) {
    if (awayUntil !== null) {
      week.tempBans++;
      // The ban as the event log's writer records it (account-events.ts): the proven days cut, the day spoiled.
      row.proven_days = provenAfter('temp_banned', row.proven_days);
      row.restricted_at = new Date(clock.now);
      const back = Math.min(awayUntil, END);
      week.lostMs += back - clock.now;
      clock.now = back;
      awayUntil = null;
      if (clock.now >= END) break;
      // Back from the ban the account warms up again (session-events.ts).
      row.last_sent_at = null;
      row.warmup_started_on = null;
      await connect();
      continue;
    }
    const verdict = sendPolicy(row, SAFETY, policyClock(), health.health(clock.now));
    const stepFrom = clock.now;
    if (verdict.wait_reason === 'health') {
      // No time is promised: the loop looks again every SAFETY_RECHECK_S.
      week.healthPausedMs += SAFETY_RECHECK_S * 1000;
      clock.now += SAFETY_RECHECK_S * 1000;
      continue;
    }
    if (verdict.wait_reason) {
      clock.now = Math.max(clock.now + 1000, Date.parse(verdict.resume_at));
      continue;
    }
    const variant = pickVariant(CAPTIONS, random.next);
    const outcome = await sendTemplate(pace, { number: nextNumber(), name: '' }, { text: variant.text });
    if (outcome.status === 'success') {
      week.delivered++;
      const { fate } = session.outbox.sent.at(-1);
      health.sent(clock.now, fate);
      for (const kind of Object.keys(week.fates)) if (fate[kind]) week.fates[kind]++;
      if (verdict.health_slowed) week.slowedSends++;
    }
    // The proven days as the outcome statement keeps them (ledger/record-send.ts).
    if (verdict.proven === 'reset') row.proven_days = 0;
    else if (verdict.proven === 'step' && row.sent_day !== null && row.sent_day < verdict.day) row.proven_days++;
    week.provenDays = Math.max(week.provenDays, row.proven_days);
    row.sent_count = row.sent_day === verdict.day ? row.sent_count + 1 : 1;
    row.sent_day = verdict.day;
    row.last_sent_at = new Date(clock.now);
    row.warmup_started_on = verdict.warmupFrom ?? row.warmup_started_on;
    if (outcome.status === 'banned') {
      week.banned = true;
      break;
    }
    if (outcome.status === 'restricted') {
      // As the event log's writer records it (account-events.ts): a health signal, and the proven days cut.
      health.add(clock.now, outcome.code === RATE_LIMITED ? 'rateLimited' : 'restricted');
      row.proven_days = provenAfter('restricted', row.proven_days);
      row.restricted_at = new Date(clock.now);
      week.timelocks++;
      restrictedInARow++;
      clock.now += restrictionWait(outcome, restrictedInARow, clock.now) * 1000;
      continue;
    }
    restrictedInARow = 0;
    // The pause as the blast loop draws it: the interval, raised under the rule to spread the day's cap.
    const gap = spreadGap({ daily_cap: verdict.daily_cap, sent_today: row.sent_count }, SAFETY, policyClock());
    // The account's interval stretched for its health (blast-loop.ts), then spread.
    const stretched = {
      min: Math.round(INTERVAL_MIN * verdict.stretch),
      max: Math.round(INTERVAL_MAX * verdict.stretch),
    };
    const { min, max } = spreadInterval(stretched, gap);
    clock.now += (min + Math.floor(random.next() * (max - min + 1))) * 1000;
    if (verdict.health_slowed) week.healthSlowedMs += clock.now - stepFrom;
  }
  if (week.banned) week.lostMs += Math.max(0, END - clock.now);
  await session.close();
  return week;
}

async function fleetWeek(enforce) {
  const started = performance.now();
  cursor = 0;
  const weeks = await Promise.all(Array.from({ length: ACCOUNTS }, (_, index) => accountWeek(index, enforce)));
  const sum = (pick) => weeks.reduce((total, week) => total + pick(week), 0);
  const delivered = sum((week) => week.delivered);
  const isLost = (week) => week.banned || week.tempBans > 0;
  const lost = weeks.filter(isLost).length;
  // The accounts of each standing: how many, lost, banned for good.
  const ofStanding = (distrusted) => {
    const some = weeks.filter((week) => week.distrusted === distrusted);
    return [some.length, some.filter(isLost).length, some.filter((week) => week.banned).length];
  };
  const aliveDays = sum((week) => (END - START - week.lostMs) / DAY_MS);
  const incomes = weeks.map((week) => week.delivered * PRICE).sort((a, b) => a - b);
  return {
    banned: weeks.filter((week) => week.banned).length,
    tempBanned: weeks.filter((week) => week.tempBans > 0).length,
    lost,
    timelocked: weeks.filter((week) => week.timelocks > 0).length,
    delivered,
    lostPer100k: delivered > 0 ? (lost / delivered) * 100_000 : Number.POSITIVE_INFINITY,
    aliveDays,
    perAliveDay: aliveDays > 0 ? delivered / aliveDays : 0,
    perFleetDay: delivered / (ACCOUNTS * DAYS),
    incomeMean: sum((week) => week.delivered * PRICE) / ACCOUNTS,
    incomeMedian: incomes[Math.floor(incomes.length / 2)] ?? 0,
    provenMost: Math.max(...weeks.map((week) => week.provenDays)),
    provenMedian: weeks.map((week) => week.provenDays).sort((a, b) => a - b)[Math.floor(weeks.length / 2)] ?? 0,
    healthPausedHours: sum((week) => week.healthPausedMs) / HOUR_MS,
    healthSlowedHours: sum((week) => week.healthSlowedMs) / HOUR_MS,
    healthPaused: weeks.filter((week) => week.healthPausedMs > 0).length,
    healthSlowed: weeks.filter((week) => week.healthSlowedMs > 0).length,
    slowedShare: delivered > 0 ? sum((week) => week.slowedSends) / delivered : 0,
    fateShare: (kind) => (delivered > 0 ? sum((week) => week.fates[kind]) / delivered : 0),
    poorStanding: ofStanding(true),
    goodStanding: ofStanding(false),
    drops: sum((week) => week.drops),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * SIDES=on (or off) runs one side only, without the "Done means" lines: the side without the rule draws the
 * same pauses whatever the rule does, so its figures for a seed and a length stand from an earlier run, and a
 * four-week run of both takes longer than a shared machine can spare.
 */
const SIDES = (process.env.SIDES ?? 'off,on').split(',');
/**
 * With SIDES=on, OFF_LOST_PER_100K and OFF_PER_ALIVE_DAY (the side without the rule, from an earlier run of the
 * same seed, length and fleet) let the "Done means" lines be printed against them.
 */
const earlierOff =
  process.env.OFF_LOST_PER_100K && process.env.OFF_PER_ALIVE_DAY
    ? { lostPer100k: Number(process.env.OFF_LOST_PER_100K), perAliveDay: Number(process.env.OFF_PER_ALIVE_DAY) }
    : null;
const off = SIDES.includes('off') ? await fleetWeek(false) : null;
const on = SIDES.includes('on') ? await fleetWeek(true) : null;

const rows = weekRows({ price: PRICE, safety: SAFETY, reconnectMs: RECONNECT_MS });
console.log(
  `account-week: ${ACCOUNTS} accounts linked ${new Date(START).toISOString()} (Monday 08:00 ${TIME_ZONE}), ${DAYS} days, ` +
    `SIM_SEED ${SEED}, SIM_BANS=behaviour; interval ${INTERVAL_MIN}–${INTERVAL_MAX} s; safety defaults: cap ${SAFETY.daily_cap}, ` +
    `warm-up ${SAFETY.warmup_days} days from ${SAFETY.warmup_start_cap}, proven +${SAFETY.daily_cap_step} a day to ${SAFETY.daily_cap_max}, ` +
    `health slowed below ${THRESHOLDS.health_slow_below}, paused below ${THRESHOLDS.health_pause_below}, hours ${SAFETY.send_window_start}–${SAFETY.send_window_end}; ` +
    `temporary ban ${TEMP_BAN_MS / 3_600_000} h, timelock ${TIMELOCK_MS / 3_600_000} h; ` +
    `reports double the ban odds at ${RISK.reports} a day; drops at ${DEFAULT_RATES.disconnect} a send; ` +
    `load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
);
const sides = [off && ['off', off], on && ['on', on]].filter(Boolean);
const sideName = (side) => (side === 'on' && HEALTH === 'off' ? 'on, HEALTH off' : side);
console.log(`| |${sides.map(([side]) => ` ACCOUNT_SAFETY ${sideName(side)} |`).join('')}`);
console.log(`| ---${' | ---'.repeat(sides.length)} |`);
for (const [label, show] of rows) console.log(`| ${label} |${sides.map(([, fleet]) => ` ${show(fleet)} |`).join('')}`);
if (!on || !(off ?? earlierOff)) process.exit(0);
const against = off ?? earlierOff;
if (!off) console.log('The side without the rule: from an earlier run (OFF_LOST_PER_100K, OFF_PER_ALIVE_DAY).');
const holds = (ok) => (ok ? 'holds' : 'DOES NOT HOLD');
console.log(
  `Done means (issue 23): fewer accounts lost per 100,000 messages with safety on: ${holds(on.lostPer100k < against.lostPer100k)} ` +
    `(${one(on.lostPer100k)} on, ${one(against.lostPer100k)} off)`,
);
console.log(
  `Done means (issue 23): no fewer messages delivered per surviving account-day with safety on: ${holds(on.perAliveDay >= against.perAliveDay)} ` +
    `(${one(on.perAliveDay)} on, ${one(against.perAliveDay)} off: on is ${one((100 * on.perAliveDay) / against.perAliveDay)} % of off)`,
);
