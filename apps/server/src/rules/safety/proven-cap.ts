/**
 * A cap that grows for a proven account (issue 23, DESIGN §8; the reasoning in docs/decisions.md): after its
 * warm-up, each sending day an account ends having sent its whole cap without a restriction and in good health
 * raises its cap by `daily_cap_step`, up to `daily_cap_max`; a restriction takes back half of what it earned,
 * a temporary ban or a suspension all of it, and a new warm-up starts it again from nothing. Pure, beside
 * send-policy.ts, which asks it for the cap and for what a send does to the count; the blast loop and the week
 * bench both go through that rule.
 *
 * The count (`proven_days` on the account) is kept where the engine already writes: a send's outcome statement
 * (ledger/record-send.ts) adds the day when the first send of the next sending day is recorded, and the event
 * log's writer (account-events.ts) cuts it with the restriction it records, noting when (`restricted_at`) so
 * that the day of a restriction never counts. Nothing is read per send that the round did not already read.
 */
import type { TAccountEventKind } from '@sewablast/contract/account-events';

export interface ProvenSettings {
  daily_cap: number;
  /** What each proven day adds to the cap (0: the cap never grows). */
  daily_cap_step: number;
  /** The most a proven account's cap grows to. */
  daily_cap_max: number;
}

/** What a send does to the account's proven days: count the day before it, start again, or nothing. */
export type ProvenChange = 'step' | 'reset' | null;

/** A warmed-up account's cap after `days` proven days. */
export function provenCap(settings: ProvenSettings, days: number): number {
  const { daily_cap: cap, daily_cap_step: step, daily_cap_max: ceiling } = settings;
  return Math.max(cap, Math.min(ceiling, cap + step * days));
}

/** The share of its proven days an account keeps after each kind of event that restricts it. */
export const PROVEN_KEPT: Partial<Record<TAccountEventKind, number>> = {
  restricted: 0.5,
  temp_banned: 0,
  suspended: 0,
};

/** The proven days left after `kind` (unchanged by an event that restricts nothing). */
export function provenAfter(kind: TAccountEventKind, days: number): number {
  const kept = PROVEN_KEPT[kind];
  return kept === undefined ? days : Math.floor(days * kept);
}

/** What the rule knows of the day the account's last send counted under, when a send now opens `today`. */
export interface ProvenDay {
  /** The sending day of the last send (the account's `sent_day`), and how many it sent that day. */
  day: string | null;
  sent: number;
  /** The cap it had that day: warmed up, before the member's terms and its health lowered it. */
  cap: number;
  /** Another proven day would not raise that cap (at the ceiling, or no step): the count stops. */
  maxed: boolean;
  /** Whether it was warmed up that day. */
  warmedUp: boolean;
  /** The sending day of its last restriction, if any. */
  restrictedOn: string | null;
  /** Its health now is at or above the slow threshold. */
  healthy: boolean;
}

/**
 * What a send on `today` does: `reset` when it begins a new warm-up (`newWarmup`); `step` when it is the first
 * of a new sending day and the account's last day proved it (warmed up, its whole cap sent, no restriction that
 * day or since, its health good) and its cap can still grow; otherwise nothing. A day with fewer sends than its
 * cap proves nothing about a bigger one; days past the ceiling are not stored up, so that a restriction's cut
 * always lowers the cap.
 */
export function provenChange(last: ProvenDay, today: string, newWarmup: boolean): ProvenChange {
  if (newWarmup) return 'reset';
  if (last.day === null || last.day >= today) return null;
  const spoiled = last.restrictedOn !== null && last.restrictedOn >= last.day;
  return last.warmedUp && !last.maxed && last.sent >= last.cap && !spoiled && last.healthy ? 'step' : null;
}
