/**
 * The account safety rule's unit tests start from the same service and the same account: the settings at the
 * defaults of the time the tests were written (written out, so that a changed default does not change what a
 * test means), and an account warmed up long ago that sent last night, on Jakarta's clock.
 */
import type { SafetyCounters, SafetySettings } from '../src/rules/safety/send-policy.ts';

export const TZ = 'Asia/Jakarta';

export const SAFETY_SETTINGS: SafetySettings = {
  daily_cap: 200,
  warmup_days: 10,
  warmup_start_cap: 20,
  send_window_start: '08:00',
  send_window_end: '20:00',
  template_repeat_days: 7,
  daily_cap_step: 20,
  daily_cap_max: 800,
};

/** An instant given on Jakarta's wall clock (UTC+7, no daylight saving). */
export const wib = (local: string) => new Date(`${local}+07:00`);

export const WARMED_UP: SafetyCounters = {
  sent_day: null,
  sent_count: 0,
  last_sent_at: wib('2026-11-25T19:00:00'),
  warmup_started_on: '2026-10-01',
  limited_until: null,
  member_daily_cap: null,
  member_window_start: null,
  member_window_end: null,
  proven_days: 0,
  restricted_at: null,
};

/** A small service for the engine's blast tests: a cap of 10 reached in three days from 2, no repeat window. */
export const SMALL_SAFETY: Partial<SafetySettings> = {
  daily_cap: 10,
  warmup_days: 3,
  warmup_start_cap: 2,
  send_window_start: '08:00',
  send_window_end: '20:00',
  template_repeat_days: 0,
};
