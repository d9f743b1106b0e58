/**
 * A blast round's outcome recorded and told (DESIGN §5.3, §5.6): one row of the worker's next outcome batch
 * (ledger/outcome-writer.ts), its send key the account, the number and the run, so a send repeated after a
 * crash is counted once; then the number shown free and the account's new count announced with its safety
 * figures, the day's sends among them as the record counted them.
 */
import type { OutcomeWriter } from '../../ledger/outcome-writer.ts';
import type { PublishAccountEvent } from '../../live/account-event.ts';
import type { SafetyVerdict, SafetyView } from '../../rules/safety/send-policy.ts';
import type { AccountRow } from '../account-read.ts';
import type { Material, Taken } from './blast-take.ts';
import type { SendOutcome } from './send.ts';

export interface OutcomeDeps {
  publish: PublishAccountEvent;
  outcomes: OutcomeWriter;
}

export interface BlastSend {
  number: Taken;
  template: NonNullable<Material['template']>;
  variant: string;
  outcome: Exclude<SendOutcome, { status: 'stopped' }>;
  verdict: SafetyVerdict;
  /** When the run began: with the account and the number, the send key. */
  since: Date;
  sentAt: Date;
}

/**
 * Records the send once and announces it; the safety figures the announcement carried. `now` gives them what
 * the loop knows by the time the record is done: a record written during the pause announces the pause's wait
 * too, or its event would clear the wait the pause's own event had just shown.
 */
export async function recordBlastOutcome(
  deps: OutcomeDeps,
  account: AccountRow,
  send: BlastSend,
  safety: SafetyView,
  now: (view: SafetyView) => SafetyView = (view) => view,
): Promise<SafetyView> {
  const { number, template, outcome, verdict } = send;
  const recorded = await deps.outcomes.record({
    accountId: account.id,
    phoneNumberId: number.id,
    templateId: template.id,
    status: outcome.status === 'success' ? 'success' : 'fail',
    error: outcome.status === 'success' ? null : outcome.error,
    sendKey: `${account.id}:${number.id}:${send.since.getTime()}`,
    waMessageId: outcome.status === 'success' ? outcome.id : null,
    variant: send.variant,
    day: verdict.day,
    warmupFrom: verdict.warmupFrom,
    proven: verdict.proven,
    sentAt: send.sentAt,
  });
  const view = now(
    recorded && recorded.sent.day === verdict.day ? { ...safety, sent_today: recorded.sent.count } : safety,
  );
  // The record cleared the account's blast_number_id; the live events carry none of what it changed.
  await deps.publish(account, 'in_use', { number: number.number, in_use: 0 });
  if (recorded && outcome.status === 'success') {
    await deps.publish(account, 'count_success', {
      count_success: recorded.account.count_success,
      income: recorded.account.income,
      number: number.number,
      last_sent: new Date().toISOString(),
      ...view,
    });
  } else if (recorded) {
    await deps.publish(account, 'count_fail', {
      count_fail: recorded.account.count_fail,
      number: number.number,
      ...view,
    });
  }
  return view;
}

/**
 * The outcome of the round before the pause, written while the pause runs (docs/decisions.md "An outcome
 * written during the pause"): the next round's statement, a stop's finish and the pause's end wait for it, so
 * nothing that reads what it writes runs before it is committed.
 */
export class RecordInPause {
  private pending: Promise<{ error: unknown } | null> | null = null;

  /** Holds `record` until `settled`; a failure is kept for `settled` to throw, never left unhandled. */
  hold(record: Promise<unknown>): void {
    this.pending = record.then(
      () => null,
      (error: unknown) => ({ error }),
    );
  }

  /** Waits for the outcome being written, if any; throws what its write threw. */
  async settled(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    const failed = await pending;
    if (this.pending === pending) this.pending = null;
    if (failed) throw failed.error;
  }
}
