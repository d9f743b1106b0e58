import type { TLiveMessage, TLiveMessageOf } from '@sewablast/contract/live';
import type { TLiveEventName } from '@sewablast/contract/live-channel';
import { SAFETY_TEXT } from '@sewablast/contract/safety';
import { describe, expect, it } from 'vitest';
import { cannotStart, isFresh } from '../../lib/live.ts';
import { termsText, waitText } from './account-safety.tsx';
import { applyLiveEvent, statusLabel, toLiveRow } from './live-rows.ts';

/** The viewer's own zone, and a business zone whose clock reads otherwise (WIB, or UTC for a viewer in WIB). */
const VIEWER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const OTHER_ZONE = VIEWER_ZONE === 'Asia/Jakarta' ? 'UTC' : 'Asia/Jakarta';
const sameClock = { now: 0, timeZone: VIEWER_ZONE };

const account = toLiveRow({
  id: 1,
  clientid: 'wa-1',
  user_id: 2,
  phonenumber: '628',
  pushname: 'Budi',
  server: 's',
  proxyId: -1,
  state: 'connected',
  status: 'idle',
  blasting: false,
  sending_enabled: true,
  interval_min: null,
  interval_max: null,
  count_success: 0,
  count_fail: 0,
  count_delivered: 0,
  income: 0,
  suspended: false,
  suspended_count: 0,
  limited_until: null,
  daily_cap: 200,
  cap_grown: false,
  sent_today: 0,
  warmup_day: null,
  warmup_days: 10,
  resume_at: null,
  wait_reason: null,
  member_daily_cap: null,
  member_window_start: null,
  member_window_end: null,
  health: 100,
  health_trend: 'steady',
  health_pause_below: 40,
  health_slowed: false,
  createdAt: '',
});
const sender = { id: 1, user_id: 1, clientid: 'wa-1', state: 'connected', status: 'idle' };
/** An event of `name` with the fields of one of its kinds that a test names. */
function event<E extends TLiveEventName>(name: E, payload?: Partial<TLiveMessageOf<E>['payload']>): TLiveMessageOf<E>;
function event(name: TLiveEventName, payload: object = {}) {
  return { event: name, payload: { deviceId: 'wa-1', date: '', sender, ...payload } } as TLiveMessage;
}

describe('applyLiveEvent', () => {
  it('follows a blast from start through counts, waiting and stop', () => {
    let row = applyLiveEvent(account, event('start'), 0);
    expect(row).toMatchObject({ status: 'sending', blasting: true });
    row = applyLiveEvent(row, event('count_success', { count_success: 3, income: 300 }), 1000);
    expect(row).toMatchObject({ count_success: 3, income: 300, successAt: 1000, failAt: null });
    row = applyLiveEvent(row, event('waiting', { waitTime: 5 }), 1000);
    expect(statusLabel(row, 2000)).toBe('Waiting (4 s)');
    row = applyLiveEvent(row, event('attempting', { code: '429' }), 3000);
    expect(statusLabel(row, 3000)).toBe('Fail, attempting (429)');
    row = applyLiveEvent(row, event('stop'), 4000);
    expect(row).toMatchObject({ status: 'idle', blasting: false, waiting: null, attempting: null });
  });

  it('takes the health an event reports, and says why a blast paused for it with no time promised', () => {
    let row = applyLiveEvent(account, event('health', { health: 55, health_trend: 'down', health_slowed: true }), 0);
    expect(row).toMatchObject({ health: 55, health_trend: 'down', health_slowed: true, status: 'idle' });
    row = applyLiveEvent(row, event('start'), 0);
    row = applyLiveEvent(
      row,
      event('waiting', { waitTime: 300, resume_at: null, wait_reason: 'health', health: 28, health_pause_below: 40 }),
      0,
    );
    expect(statusLabel(row, 0)).toBe('Waiting');
    expect(waitText(row, sameClock)).toBe('Dijeda: kesehatan akun 28/100 di bawah 40, lanjut sendiri setelah pulih');
  });

  it('takes the safety figures a blast reports, and clears its wait when the blast ends', () => {
    const resume = '2026-11-27T01:00:00.000Z';
    let row = applyLiveEvent(account, event('start'), 0);
    row = applyLiveEvent(
      row,
      event('count_success', { count_success: 1, sent_today: 1, daily_cap: 20, warmup_day: 1 }),
      0,
    );
    expect(row).toMatchObject({ sent_today: 1, daily_cap: 20, warmup_day: 1 });
    const proven = applyLiveEvent(row, event('count_success', { sent_today: 2, daily_cap: 260, cap_grown: true }), 0);
    expect(proven).toMatchObject({ daily_cap: 260, cap_grown: true });
    row = applyLiveEvent(row, event('waiting', { waitTime: 600, resume_at: resume, wait_reason: 'window' }), 0);
    expect(row).toMatchObject({ resume_at: resume, wait_reason: 'window', sent_today: 1 });
    expect(statusLabel(row, 0)).toBe('Waiting');
    expect(waitText(row, sameClock)).toMatch(/^Menunggu jam kirim \d\d:\d\d$/);
    const dayBefore = { ...sameClock, now: Date.parse(resume) - 86_400_000 };
    expect(waitText({ ...row, resume_at: resume, wait_reason: 'cap' }, dayBefore)).toMatch(
      /^Batas harian tercapai, lanjut besok \d\d:\d\d$/,
    );
    row = applyLiveEvent(
      row,
      event('waiting', { waitTime: 5, resume_at: null, wait_reason: null, warmup_day: null }),
      0,
    );
    expect(row).toMatchObject({ resume_at: null, wait_reason: null, warmup_day: null, daily_cap: 20 });
    row = applyLiveEvent({ ...row, resume_at: resume, wait_reason: 'cap' }, event('stop'), 0);
    expect(row).toMatchObject({ resume_at: null, wait_reason: null, sent_today: 1 });
  });

  it("says an account whose owner's hours never meet the service's never sends, after its blast stops too", () => {
    let row = applyLiveEvent(account, event('start'), 0);
    row = applyLiveEvent(row, event('waiting', { waitTime: 300, resume_at: null, wait_reason: 'no_hours' }), 0);
    expect(statusLabel(row, 0)).toBe('Waiting');
    expect(waitText(row, sameClock)).toBe(
      'Jam kirim pemilik tidak bertemu jam kirim layanan: akun ini tidak mengirim.',
    );
    row = applyLiveEvent(row, event('stop'), 0);
    expect(row).toMatchObject({ blasting: false, wait_reason: 'no_hours' });
    // A blast's own word (the owner widened the hours) replaces it.
    row = applyLiveEvent(row, event('waiting', { waitTime: 5, resume_at: null, wait_reason: null }), 0);
    expect(row.wait_reason).toBeNull();
  });

  it("shows the owner's own terms on the row when there are any", () => {
    expect(termsText(account, true)).toBeNull();
    const night = { member_daily_cap: 50, member_window_start: '22:00', member_window_end: '06:00' };
    expect(termsText(night, true)).toBe('Batas saya: 50/hari, 22:00–06:00');
    expect(termsText(night, false)).toBe('Batas pemilik: 50/hari, 22:00–06:00');
    expect(termsText({ member_daily_cap: null, member_window_start: '09:00', member_window_end: '17:00' }, true)).toBe(
      'Batas saya: 09:00–17:00',
    );
  });

  it('keeps the end of a restriction a wait names, and nothing from a plain pause', () => {
    const until = '2026-11-26T20:00:00.000Z';
    const limited = applyLiveEvent(account, event('waiting', { waitTime: 1800, limited_until: until }), 0);
    expect(limited.limited_until).toBe(until);
    expect(applyLiveEvent(limited, event('waiting', { waitTime: 5 }), 1000).limited_until).toBe(until);
    expect(applyLiveEvent(account, event('waiting', { waitTime: 5 }), 0).limited_until).toBeNull();
  });

  it('says when the next send comes during a long pause between sends, not thousands of seconds', () => {
    // The safety rule spreading the day's cap: about an hour between two sends, said by the pause's event.
    const since = Date.parse('2026-11-26T03:00:00.000Z');
    const resume = '2026-11-26T04:05:00.000Z';
    let row = applyLiveEvent(account, event('start'), since);
    row = applyLiveEvent(row, event('waiting', { waitTime: 3900, resume_at: resume, wait_reason: 'spread' }), since);
    expect(statusLabel(row, since + 60_000)).toBe('Waiting');
    expect(waitText(row, { now: since, timeZone: 'UTC' })).toBe(
      SAFETY_TEXT.waitSpread(VIEWER_ZONE === 'UTC' ? '04:05' : '04:05\u00a0UTC'),
    );
    expect(waitText(row, { now: since, timeZone: 'Asia/Jakarta' })).toMatch(
      /^Dijeda agar akun aman, kirim berikutnya 11:05/,
    );
    // Read again (a reload mid-pause), the row has the wait without its event, and says it the same.
    const reread = toLiveRow({
      ...account,
      blasting: true,
      status: 'sending',
      resume_at: resume,
      wait_reason: 'spread',
    });
    expect(statusLabel(reread, since)).toBe('Waiting');
    expect(waitText(reread, { now: since, timeZone: 'Asia/Jakarta' })).toBe(
      waitText(row, { now: since, timeZone: 'Asia/Jakarta' }),
    );
    // The pause's end clears it: the next send is under way.
    row = applyLiveEvent(row, event('progressing', { resume_at: null, wait_reason: null }), since + 3_900_000);
    expect(waitText(row, sameClock)).toBeNull();
    // A restriction's wait says until when itself; a short pause counts its seconds.
    const limited = applyLiveEvent(
      account,
      event('waiting', { waitTime: 3900, limited_until: new Date(since + 3_900_000).toISOString() }),
      since,
    );
    expect(waitText(limited, sameClock)).toBeNull();
    expect(statusLabel(limited, since)).toBe('Waiting (3900 s)');
    const short = applyLiveEvent(account, event('waiting', { waitTime: 30 }), since);
    expect(waitText(short, sameClock)).toBeNull();
    expect(statusLabel(short, since)).toBe('Waiting (30 s)');
  });

  it("says today or tomorrow of the business calendar, never the viewer's, and names the zone when clocks differ", () => {
    const capped = { ...account, wait_reason: 'cap' as const };
    // 22:00–06:00 in Jakarta, the cap reached at 01:00 on 27 November: the hours open again at 22:00 that day.
    const atOne = { now: Date.parse('2026-11-26T18:00:00Z'), timeZone: 'Asia/Jakarta' };
    const tonight = { ...capped, resume_at: '2026-11-27T15:00:00.000Z' };
    const wib = VIEWER_ZONE === 'Asia/Jakarta' ? '' : '\u00a0WIB';
    // A viewer in UTC reads 26 November 18:00 now and 27 November 15:00 then: 'besok' on their own calendar.
    expect(waitText(tonight, atOne)).toBe(`Batas harian tercapai, lanjut hari ini 22:00${wib}`);
    // The cap reached at 23:00 on the 26th: the next opening is the 27th's 22:00, tomorrow.
    expect(waitText(tonight, { ...atOne, now: Date.parse('2026-11-26T16:00:00Z') })).toBe(
      `Batas harian tercapai, lanjut besok 22:00${wib}`,
    );
    // Further than tomorrow: its date.
    expect(waitText(tonight, { ...atOne, now: Date.parse('2026-11-25T16:00:00Z') })).toBe(
      `Batas harian tercapai, lanjut 27 Nov 22:00${wib}`,
    );
    // The viewer's clock the business's: the spec's words exactly, no zone.
    const sameZone = { now: Date.parse(tonight.resume_at) - 3_600_000, timeZone: VIEWER_ZONE };
    expect(waitText(tonight, sameZone)).toMatch(/^Batas harian tercapai, lanjut hari ini \d\d:\d\d$/);
    // Any other zone is named.
    expect(waitText({ ...tonight, wait_reason: 'window' }, { ...sameZone, timeZone: OTHER_ZONE })).toMatch(
      /^Menunggu jam kirim \d\d:\d\d\u00a0\S+$/,
    );
  });

  it('counts a wait down from the server waitTime to 0, and holds 0 until the next send', () => {
    const waiting = applyLiveEvent(account, event('waiting', { waitTime: 3 }), 10_700);
    // The page's clock ticks once a second and may have last ticked before the event came.
    const shown = [10_000, 10_700, 11_000, 11_700, 12_700, 13_700, 20_000].map((now) => statusLabel(waiting, now));
    expect(shown).toEqual([
      'Waiting (3 s)',
      'Waiting (3 s)',
      'Waiting (3 s)',
      'Waiting (2 s)',
      'Waiting (1 s)',
      'Waiting (0 s)',
      'Waiting (0 s)',
    ]);
    expect(statusLabel(applyLiveEvent(waiting, event('sending'), 20_000), 20_000)).toBe('Sending');
  });

  it('highlights only the count that changed', () => {
    const failed = applyLiveEvent(account, event('count_fail', { count_fail: 1 }), 500);
    expect(failed).toMatchObject({ count_fail: 1, failAt: 500, successAt: null });
    expect(isFresh(failed.failAt, 1400)).toBe(true);
    expect(isFresh(failed.failAt, 1500)).toBe(false);
    expect(isFresh(failed.successAt, 600)).toBe(false);
  });

  it('follows deliveries with their own highlight, a reconnect, a reset and the name WhatsApp tells', () => {
    const delivered = applyLiveEvent(account, event('count_delivered', { count_delivered: 4 }), 700);
    expect(delivered).toMatchObject({ count_delivered: 4, deliveredAt: 700, successAt: null });
    expect(isFresh(delivered.deliveredAt, 1000)).toBe(true);
    const synced = applyLiveEvent(
      delivered,
      event('count_synced', { count_success: 9, count_fail: 1, count_delivered: 7 }),
      0,
    );
    expect(synced).toMatchObject({ count_success: 9, count_fail: 1, count_delivered: 7 });
    // A generator's sync on the account carries no deliveries, and leaves the account's.
    const jobSync = event('count_synced', { generatorId: 3, count_success: 10, count_fail: 0 });
    expect(applyLiveEvent(synced, jobSync, 0).count_delivered).toBe(7);
    expect(applyLiveEvent(synced, event('reset', { state: 'connected' }), 0)).toMatchObject({
      count_success: 0,
      count_fail: 0,
      count_delivered: 0,
    });
    expect(applyLiveEvent(account, event('profile', { pushname: 'Budi Santoso' }), 0).pushname).toBe('Budi Santoso');
  });

  it('shows a blast error, a conflict as idle, and suspensions', () => {
    expect(applyLiveEvent(account, event('error_blast'), 0).error).toBe('Blast error');
    expect(
      applyLiveEvent({ ...account, status: 'sending' }, event('connection.update', { state: 'conflict' }), 0),
    ).toMatchObject({
      state: 'conflict',
      status: 'idle',
    });
    const suspended = applyLiveEvent(account, event('suspended', { suspended_count: 2 }), 0);
    expect(statusLabel(suspended, 0)).toBe('Suspended (2x)');
  });

  it("leaves the row alone for a generator's or validator's run on the account", () => {
    const blasting = { ...account, status: 'sending' as const, blasting: true, count_success: 7, count_fail: 2 };
    for (const job of [{ generatorId: 3 }, { validatorId: 4 }]) {
      const run = [
        event('reset', { state: 'running', ...job }),
        event('count_synced', { count_success: 0, count_fail: 0, ...job }),
        event('generating', { status: 'sending', ...job }),
        event('count_success', { count_success: 1, number: '6281', status: 'sending', ...job }),
        event('count_fail', { count_fail: 5, number: '6282', ...job }),
        event('waiting', { waitTime: 2, ...job }),
        event('attempting', { code: '429', ...job }),
        event('reconnecting', { reconnectTime: 60, ...job }),
        event('finished', { state: 'finished', status: 'idle', ...job }),
        event('idle', { state: 'idle', status: 'idle', ...job }),
        event('stop', { state: 'idle', status: 'idle', ...job }),
      ];
      for (const message of run) expect(applyLiveEvent(blasting, message, 1000)).toBe(blasting);
    }
    // The account's own events still apply.
    expect(applyLiveEvent(blasting, event('count_success', { count_success: 8 }), 1000).count_success).toBe(8);
  });

  it('blocks a start from disconnected states only', () => {
    for (const state of ['disconnected', 'unknown', 'loggedOut', 'conflict', '']) expect(cannotStart(state)).toBe(true);
    expect(cannotStart('connected')).toBe(false);
  });
});
