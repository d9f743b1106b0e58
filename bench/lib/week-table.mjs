// The week bench's table (account-week.bench.mjs): what it prints of each side's figures, and how.
import { RISK } from '../../apps/server/src/wa/simulator-risk.ts';

export const whole = (value) => Math.round(value).toLocaleString('en-US');
export const pct = (share) => (100 * share).toLocaleString('en-US', { maximumFractionDigits: 2 });
export const one = (value) => value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The table's rows, each a label and what it shows of a fleet's figures (account-week.bench.mjs fleetWeek). */
export function weekRows({ price, safety, reconnectMs }) {
  return [
    ['accounts banned (406)', (f) => whole(f.banned)],
    ['accounts temporarily banned (402) at least once', (f) => whole(f.tempBanned)],
    ['accounts lost (banned or temporarily banned)', (f) => whole(f.lost)],
    ['accounts that met a reach-out timelock (463)', (f) => whole(f.timelocked)],
    ['messages delivered (accepted by WhatsApp)', (f) => whole(f.delivered)],
    ['accounts lost per 100,000 messages', (f) => one(f.lostPer100k)],
    ['surviving account-days (not banned, not away on a ban)', (f) => one(f.aliveDays)],
    ['messages delivered per surviving account-day', (f) => one(f.perAliveDay)],
    ['messages delivered per account-day of the whole fleet', (f) => one(f.perFleetDay)],
    [
      `income per member (one account each), Rp (${price} a message): mean / median`,
      (f) => `${whole(f.incomeMean)} / ${whole(f.incomeMedian)}`,
    ],
    [
      `proven days (cap ${safety.daily_cap} + ${safety.daily_cap_step} a day to ${safety.daily_cap_max}), most an account reached: median / most`,
      (f) => `${whole(f.provenMedian)} / ${whole(f.provenMost)}`,
    ],
    [
      'messages held back undelivered (lagging) / read / replied / STOP, %',
      (f) => ['lagged', 'read', 'replied', 'stopped'].map((kind) => pct(f.fateShare(kind))).join(' / '),
    ],
    [
      'accounts health slowed at least once / paused at least once',
      (f) => `${whole(f.healthSlowed)} / ${whole(f.healthPaused)}`,
    ],
    [
      'hours slowed for health / paused for health, all accounts',
      (f) => `${one(f.healthSlowedHours)} / ${one(f.healthPausedHours)}`,
    ],
    ['messages sent while slowed for health, %', (f) => pct(f.slowedShare)],
    [
      `accounts of poor standing (a ${pct(RISK.distrustedShare)} % share of numbers, recipients' odds ×${RISK.distrust}): all / lost / banned`,
      (f) => f.poorStanding.map(whole).join(' / '),
    ],
    ['accounts of good standing: all / lost / banned', (f) => f.goodStanding.map(whole).join(' / ')],
    [`connection drops, all accounts (each waits ${reconnectMs / 1000} s)`, (f) => whole(f.drops)],
    ['time to simulate', (f) => `${one(f.seconds)} s`],
  ];
}
