/**
 * What holds when nothing more particular says: the safety settings and health thresholds before the settings
 * row exists (the schema's defaults), and an account's pause after a send. The blast loop acts on them and the
 * account's row, settings and forecast show them, so both read them here.
 */
import { settings } from '../../db/schema.ts';
import type { HealthThresholds } from './health.ts';
import type { SafetySettings } from './send-policy.ts';

/** The safety settings before the settings row exists: the schema's defaults. */
export const DEFAULT_SAFETY: SafetySettings = {
  daily_cap: settings.daily_cap.default as number,
  daily_cap_step: settings.daily_cap_step.default as number,
  daily_cap_max: settings.daily_cap_max.default as number,
  warmup_days: settings.warmup_days.default as number,
  warmup_start_cap: settings.warmup_start_cap.default as number,
  send_window_start: settings.send_window_start.default as string,
  send_window_end: settings.send_window_end.default as string,
  template_repeat_days: settings.template_repeat_days.default as number,
};

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = {
  health_slow_below: settings.health_slow_below.default as number,
  health_pause_below: settings.health_pause_below.default as number,
};

/** The pause when neither the account, its owner nor the settings name one. */
export const DEFAULT_INTERVAL_S = 10;

type Bound = number | null | undefined;

/** The pause after a send, in whole seconds: the account's, else its owner's, else the service's. */
export function paceOf(account: [Bound, Bound], owner: [Bound, Bound], service: [Bound, Bound]) {
  const min = account[0] ?? owner[0] ?? service[0] ?? DEFAULT_INTERVAL_S;
  const max = Math.max(min, account[1] ?? owner[1] ?? service[1] ?? min);
  return { min, max };
}
