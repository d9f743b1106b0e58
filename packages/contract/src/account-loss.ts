/**
 * Why an account was lost (DESIGN §8 Account safety): the timeline of one account's last 48 hours before its
 * ban (`GET /api/admin/account-loss/timeline/{id}`), and for a period the accounts lost side by side with
 * accounts not lost (`/compare`, `/list-per-page`), so that the safety defaults can be tuned from evidence.
 * Admins and devs only. The texts are in account-loss-text.ts.
 */
import { z } from 'zod';
import type * as calls from './account-loss-calls.ts';
import { schemasOf } from './call-schemas.ts';
import { withDayFilter } from './days.ts';
import { pageOf, ZIdParams, ZPageQuery } from './paging.ts';

/** How far back from the loss (or from now) a timeline reads. */
export const LOSS_WINDOW_HOURS = 48;

/** The event kinds that lose an account: its timeline ends at the latest of them. */
export const LOSS_KINDS = ['suspended', 'temp_banned'] as const;
export type TLossKind = (typeof LOSS_KINDS)[number];

/** Active accounts the comparison reads at most (a deterministic sample of those that sent in the window). */
export const KEPT_SAMPLE = 300;
/** Lost accounts the comparison reads at most, the latest first. */
export const LOST_SAMPLE = 300;

const ZCount = z.number().int().nonnegative();
const ZShare = z.number().min(0).max(1).nullable();

export const ZCodeCount = z.object({ code: z.string(), count: ZCount });

/** What one account did in one window. Shares are null when nothing was sent. */
export const ZWindowFigures = z.object({
  sends: ZCount,
  fails: ZCount,
  /** Sends to a number this account had never messaged before. */
  first_contacts: ZCount,
  sends_per_hour: z.number(),
  peak_hour_sends: ZCount,
  fail_share: ZShare,
  first_contact_share: ZShare,
  /** Distinct template variants sent. */
  variants: ZCount,
  /** Drops and log-outs. */
  disconnects: ZCount,
  /** Sends WhatsApp refused with a restriction (463, 429). */
  restrictions: ZCount,
  proxy_changes: ZCount,
  /** The account's age at the window's end. */
  age_days: z.number(),
  /** WhatsApp's codes in the window's events (463, 429, 401, 403 ...), most frequent first. */
  codes: z.array(ZCodeCount),
});
export type TWindowFigures = z.infer<typeof ZWindowFigures>;

/**
 * One hourly series of the timeline, oldest hour first, LOSS_WINDOW_HOURS points; null where the hour has no
 * reading (a score not taken). A new signal is one more entry of the list.
 */
export const ZTimelineSeries = z.object({ key: z.string(), points: z.array(z.number().nullable()) });
export type TTimelineSeries = z.infer<typeof ZTimelineSeries>;

export const ZTimelineEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  /** An account_events kind; one the screen does not know shows by its name. */
  kind: z.string(),
  code: z.string().nullable(),
  /** A ban's or a restriction's end. */
  until: z.string().nullable(),
  /** A proxy change: the new proxy's host (its IP), null for none; absent for other kinds. */
  proxy_host: z.string().nullable().optional(),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const ZVariantUse = z.object({
  template_id: z.number().int().nullable(),
  variant: z.string().nullable(),
  sends: ZCount,
  fails: ZCount,
});
export type TVariantUse = z.infer<typeof ZVariantUse>;

export const ZLoss = z.object({ kind: z.enum(LOSS_KINDS), at: z.string(), code: z.string().nullable() });

export const ZAccountTimeline = z.object({
  account: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    phonenumber: z.string().nullable(),
    pushname: z.string().nullable(),
    state: z.string(),
    suspended: z.boolean(),
  }),
  /** The latest loss within the event log's 14 days; null: the window ends now. */
  loss: ZLoss.nullable(),
  from: z.string(),
  to: z.string(),
  figures: ZWindowFigures,
  series: z.array(ZTimelineSeries),
  variants: z.array(ZVariantUse),
  /** The account's own events in the window, oldest first. */
  events: z.array(ZTimelineEvent),
});
export type TAccountTimeline = z.infer<typeof ZAccountTimeline>;

/** A period of whole business days; left out, the event log's last 14 days. */
export const ZAccountLossQuery = withDayFilter(ZPageQuery.omit({ search: true }).shape);
export type TAccountLossQuery = z.infer<typeof ZAccountLossQuery>;
export const ZAccountLossPeriodQuery = withDayFilter({});
export type TAccountLossPeriodQuery = z.infer<typeof ZAccountLossPeriodQuery>;

export const ZLostAccount = z.object({
  account_id: z.number().int(),
  user_id: z.number().int(),
  member: z.string(),
  phonenumber: z.string().nullable(),
  loss: ZLoss,
  figures: ZWindowFigures,
});
export type TLostAccount = z.infer<typeof ZLostAccount>;

export const ZAccountLossPage = pageOf(ZLostAccount);
export type TAccountLossPage = z.infer<typeof ZAccountLossPage>;

/** The figures the comparison sets side by side, in the order it shows them. */
export const COMPARED_FIGURES = [
  'sends_per_hour',
  'peak_hour_sends',
  'first_contact_share',
  'fail_share',
  'variants',
  'disconnects',
  'restrictions',
  'proxy_changes',
  'age_days',
] as const satisfies readonly (keyof TWindowFigures)[];
export type TComparedFigure = (typeof COMPARED_FIGURES)[number];

export const ZFigureStat = z.object({
  key: z.enum(COMPARED_FIGURES),
  average: z.number().nullable(),
  median: z.number().nullable(),
});

export const ZLossGroup = z.object({
  /** Accounts read (at most the sample's size). */
  accounts: ZCount,
  /** More accounts matched than were read. */
  sampled: z.boolean(),
  figures: z.array(ZFigureStat),
});
export type TLossGroup = z.infer<typeof ZLossGroup>;

export const ZAccountLossCompare = z.object({
  from: z.string(),
  to: z.string(),
  lost: ZLossGroup,
  kept: ZLossGroup,
});
export type TAccountLossCompare = z.infer<typeof ZAccountLossCompare>;

/** What the server checks of each call in account-loss-calls.ts. */
export const ACCOUNT_LOSS_SCHEMAS = schemasOf<typeof calls>()(['account-loss'], {
  timeline: {
    summary:
      "An account's 48 hours before its latest ban within the event log's 14 days (or before now): hourly series, figures, variants and its own events",
    params: ZIdParams,
    response: { 200: ZAccountTimeline },
  },
  page: {
    summary: 'Accounts lost in a period of business days (from, to: YYYY-MM-DD), latest first, with their figures',
    querystring: ZAccountLossQuery,
    response: { 200: ZAccountLossPage },
  },
  compare: {
    summary: "The period's lost accounts beside a sample of those not lost: averages and medians of their figures",
    querystring: ZAccountLossPeriodQuery,
    response: { 200: ZAccountLossCompare },
  },
});
