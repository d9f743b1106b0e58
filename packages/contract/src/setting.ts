/** The settings form (spec part 2 §3 Settings, §5, §9). Every signed-in user reads it; admins and devs change it. */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import { INTERVAL_ORDER_TEXT, intervalsInOrder } from './interval.ts';
import { HHMM, LOOKUPS_PER_HOUR_MAX, SAFETY_TEXT } from './safety.ts';
import type * as calls from './setting-calls.ts';

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const ZSetting = z.object({
  id: z.number().int(),
  interval_min: z.number().int(),
  interval_max: z.number().int(),
  price: z.number().int(),
  bank_names: z.string(),
  colors: z.string(),
  referral_percent: z.number().int(),
  info: z.string(),
  /** The sign-up page's documents; empty means the default text of legal.ts. */
  terms: z.string(),
  privacy_policy: z.string(),
  /** Account safety ('Keamanan Akun'; safety.ts): the cap, the warm-up, the sending hours, the template repeat window. */
  daily_cap: z.number().int(),
  warmup_days: z.number().int(),
  warmup_start_cap: z.number().int(),
  send_window_start: z.string(),
  send_window_end: z.string(),
  template_repeat_days: z.number().int(),
  /** A proven account's cap (rules/safety/proven-cap.ts): what each proven day adds, and the most it grows to. */
  daily_cap_step: z.number().int(),
  daily_cap_max: z.number().int(),
  /** Number checks one account may make in any hour (generators, validators). */
  lookups_per_hour: z.number().int(),
  /** Health-driven pacing (rules/safety/health.ts): below the first the account is slowed, below the second paused. */
  health_slow_below: z.number().int(),
  health_pause_below: z.number().int(),
  /**
   * The business time zone (BUSINESS_TZ, not changed here): the sending hours are its wall clock, and the screens
   * show the times an account waits for in it, whatever the viewer's own clock.
   */
  time_zone: z.string(),
});
export type TSetting = z.infer<typeof ZSetting>;

/** The marquee's text until an admin writes one (spec part 2 §9). */
export const DEFAULT_INFO = 'Selamat datang di Sewablast — Whatsapp Blaster for Rent.';

export const ZSettingResponse = z.object({ setting: ZSetting });
export type TSettingResponse = z.infer<typeof ZSettingResponse>;

const required = 'Wajib diisi.';
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} harus berupa angka.` })
    .int({ error: `${label} harus bilangan bulat.` })
    .min(min, { error: `${label} minimal ${min}.` })
    .max(max, { error: `${label} maksimal ${max}.` });

const timeOfDay = z.string({ error: required }).trim().regex(HHMM, { error: SAFETY_TEXT.badTime });

/** Items separated by ', ' (spec part 2 §5); stored normalised to exactly that separator. */
const commaList = (check?: (item: string) => boolean, message?: string) =>
  z
    .string({ error: required })
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((items) => items.length > 0, { error: required })
    .refine((items) => !check || items.every(check), { error: message ?? required })
    .transform((items) => items.join(', '));

export const ZUpdateSettingRequest = z
  .object({
    interval_min: wholeNumber('Interval minimal', 1, 86_400),
    interval_max: wholeNumber('Interval maksimal', 1, 86_400),
    price: wholeNumber('Harga', 0, 1_000_000_000),
    bank_names: commaList(),
    colors: commaList((item) => HEX_COLOR.test(item), 'Warna harus berformat hex, contoh #2C2C2C.'),
    referral_percent: wholeNumber('Persen referal', 0, 100),
    info: z.string({ error: required }).trim().min(1, { error: required }).max(2000),
    terms: z.string().trim().max(50_000).optional(),
    privacy_policy: z.string().trim().max(50_000).optional(),
    // Left out, each keeps its stored value (a client of the spec's form knows none of them).
    daily_cap: wholeNumber(SAFETY_TEXT.dailyCap, 1, 10_000).optional(),
    warmup_days: wholeNumber(SAFETY_TEXT.warmupDays, 0, 60).optional(),
    warmup_start_cap: wholeNumber(SAFETY_TEXT.warmupStartCap, 1, 10_000).optional(),
    send_window_start: timeOfDay.optional(),
    send_window_end: timeOfDay.optional(),
    template_repeat_days: wholeNumber(SAFETY_TEXT.templateRepeatDays, 0, 365).optional(),
    daily_cap_step: wholeNumber(SAFETY_TEXT.dailyCapStep, 0, 10_000).optional(),
    daily_cap_max: wholeNumber(SAFETY_TEXT.dailyCapMax, 1, 10_000).optional(),
    lookups_per_hour: wholeNumber(SAFETY_TEXT.lookupsPerHour, 1, LOOKUPS_PER_HOUR_MAX).optional(),
    health_slow_below: wholeNumber(SAFETY_TEXT.healthSlowBelow, 0, 100).optional(),
    health_pause_below: wholeNumber(SAFETY_TEXT.healthPauseBelow, 0, 100).optional(),
  })
  .refine((body) => intervalsInOrder(body.interval_min, body.interval_max), {
    path: ['interval_min'],
    error: INTERVAL_ORDER_TEXT,
  })
  .refine((body) => intervalsInOrder(body.warmup_start_cap, body.daily_cap), {
    path: ['warmup_start_cap'],
    error: SAFETY_TEXT.startCapAboveCap,
  })
  .refine((body) => intervalsInOrder(body.daily_cap, body.daily_cap_max), {
    path: ['daily_cap_max'],
    error: SAFETY_TEXT.capMaxBelowCap,
  })
  .refine((body) => intervalsInOrder(body.health_pause_below, body.health_slow_below), {
    path: ['health_pause_below'],
    error: SAFETY_TEXT.pauseAboveSlow,
  });
export type TUpdateSettingRequest = z.input<typeof ZUpdateSettingRequest>;
/** The request as the server stores it: lists normalised, the documents unchanged when left out. */
export type TUpdateSettingValues = z.output<typeof ZUpdateSettingRequest>;

/** What the server checks of each call in setting-calls.ts. */
export const SETTING_SCHEMAS = schemasOf<typeof calls>()(['settings'], {
  get: { summary: 'The settings, for every signed-in user', response: { 200: ZSettingResponse } },
  update: { summary: 'Change the settings', body: ZUpdateSettingRequest, response: { 200: ZSettingResponse } },
});
