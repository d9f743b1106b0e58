/**
 * One account's blast (DESIGN §5.6): take the next active number nobody is sending to, least recently
 * sent first; take the active template used least and pick one of its variants (variants.ts); send it filled
 * in (send.ts); record the outcome with its money; pause; again. A ban ends the blast. A restriction (restrict.ts: WhatsApp's 463 the driver could not
 * resolve, or a 429) counts as a failed send and makes the blast wait, until the end WhatsApp told or for a
 * cool-down that grows with restrictions in a row, then go on: sending on into a restriction is what
 * prolongs it, and ending the blast would lose a healthy account's run. When every number was sent in this run the blast starts over
 * (`loop`) or finishes. The send key is the account, the number and the run, so a send repeated after a
 * crash is counted once. Before each send the account's safety rule (send-policy.ts) may hold it: outside the
 * sending hours or at its day's cap it gives the number back and waits for the next opening, checking again
 * at once when the settings or the member's terms change (`recheck`) and every few minutes regardless. The
 * account's health (health.ts, kept on its row by the host, by the round after a restriction) stretches the
 * pause and lowers the cap as it falls, and below its threshold holds the blast the same way until it
 * recovers. A long pause between sends is kept on the row (`spread_until`), so that the row says it after a
 * reload too. Pacing, retries, stopping and the lease are the
 * loop base's (loop.ts).
 */
import type { TLiveEventName, TLivePayload } from '@sewablast/contract/live';
import { LONG_PAUSE_S } from '@sewablast/contract/safety';
import { BLAST_TEXT } from '@sewablast/contract/whatsapp';
import type { OutcomeWriter } from '../../ledger/outcome-writer.ts';
import { countSend } from '../../metrics/engine-metrics.ts';
import { AccountLoop, type AccountRow, type LoopDeps, type PaceEvent, type RoundEnd } from '../loop.ts';
import { HEALTH_REFRESH_MS, refreshHealth } from '../safety/health-read.ts';
import { beginRestriction } from '../safety/restrict.ts';
import {
  type SafetySettings,
  type SafetyVerdict,
  type SafetyView,
  safetyView,
  sendPolicy,
} from '../safety/send-policy.ts';
import { spreadGap, spreadInterval, withSpread } from '../safety/send-spread.ts';
import { TEMP_BANNED } from '../session/session-events.ts';
import { RecordInPause, recordBlastOutcome } from './blast-outcome.ts';
import { type BlastRowValues, releaseNumber, setBlastAccount } from './blast-rows.ts';
import {
  anyNumberLeft,
  DEFAULT_INTERVAL_S,
  type Material,
  type MediaFiles,
  readRound,
  type Taken,
} from './blast-take.ts';
import { type SendOutcome, sendTemplate } from './send.ts';
import type { VariantPicker } from './variants.ts';

export interface BlastLoopDeps extends LoopDeps {
  publish: (account: AccountRow, event: TLiveEventName, extra?: Partial<TLivePayload>) => Promise<void>;
  /** The worker's outcome batches: a round's outcome is one row of the next statement. */
  outcomes: OutcomeWriter;
  media: MediaFiles;
  variants: VariantPicker;
  /** BUSINESS_TZ, and whether the safety rule holds sends back (ACCOUNT_SAFETY). */
  safety: { timeZone: string; enforce: boolean };
  /** The clock the safety rule and the waits after a restriction read (tests move it). */
  now?: () => Date;
}

/**
 * A wait for the sending hours or the next day is checked again this often, so that settings changed where no
 * recheck reached this worker (straight in the database, a lost command) take hold.
 */
export const SAFETY_RECHECK_S = 5 * 60;

export class BlastLoop extends AccountLoop {
  /** The account as last read or written: live events carry it as their sender. */
  private row: AccountRow | undefined;
  /** When this run began: numbers sent since are not sent again until the blast starts over. */
  private since = new Date();
  /** The pause after the current round, read with its number (blast-take.ts). */
  private pace = { min: DEFAULT_INTERVAL_S, max: DEFAULT_INTERVAL_S };
  /** What the round starting now sends, read with its account (roundStart). */
  private material: Material | null = null;
  /** The account's safety figures as the last round found them, carried by its live events. */
  private safety: SafetyView | null = null;
  /** The safety settings the last round read: the pause spreads the day's cap over their sending hours. */
  private settings: SafetySettings | null = null;
  /** Held back by the safety rule (holdBack): a recheck wakes it. */
  private holding = false;
  /** A recheck came since this round read the settings: a hold it decides on them is looked at again at once. */
  private recheckDue = false;
  /** The last round's outcome, written while its pause runs. */
  private readonly recording = new RecordInPause();
  /** The end of the long pause under way (pausing), kept on the row until it ends. */
  private spreadUntil: Date | null = null;

  constructor(
    protected override readonly deps: BlastLoopDeps,
    accountId: number,
  ) {
    super(deps, accountId, 'blast');
  }

  protected async announce(event: PaceEvent, extra: Partial<TLivePayload>): Promise<void> {
    if (this.row) await this.deps.publish(this.row, event, { ...this.safety, ...extra });
  }

  /**
   * A wait the safety rule holds the blast in ends now, so that changed settings or terms take hold at once; a
   * pause between sends or a restriction's wait is left to end in its time (ending them early sends sooner).
   */
  recheck(): void {
    this.recheckDue = true;
    if (this.holding) this.wake();
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * A long pause is kept on the row as a wait of its own (`spread`, until when), so that the row says when the
   * next send comes after a reload, on another tab and to an admin, as the pause's live event says it.
   */
  protected override async pausing(seconds: number): Promise<void> {
    if (seconds < LONG_PAUSE_S || !this.safety) return;
    const until = new Date(this.now().getTime() + seconds * 1000);
    this.spreadUntil = until;
    this.row = (await this.setAccount({ spread_until: until })) ?? this.row;
    this.safety = withSpread(this.safety, until, this.now());
  }

  protected override async afterPause(): Promise<void> {
    await this.recording.settled();
    if (!this.spreadUntil) {
      if (this.row) await this.deps.publish(this.row, 'progressing', {});
      return;
    }
    this.spreadUntil = null;
    this.row = (await this.setAccount({ spread_until: null })) ?? this.row;
    if (this.safety) this.safety = { ...this.safety, resume_at: null, wait_reason: null };
    if (this.row) await this.deps.publish(this.row, 'progressing', { resume_at: null, wait_reason: null });
  }

  private setAccount(values: BlastRowValues) {
    return setBlastAccount(this.deps.db, this.accountId, values);
  }

  /** A number the account named when the process stopped goes back to the pool; the run goes on where it was. */
  protected async resume(account: AccountRow): Promise<void> {
    if (account.blast_number_id !== null) await this.release(account.blast_number_id);
    this.since = account.blast_started_at ?? new Date();
    // A pause the last loop was in ended with it: this one sends at once.
    this.row = await this.setAccount({
      status: 'sending',
      blast_started_at: this.since,
      blast_number_id: null,
      spread_until: null,
    });
    // A blast started again within a restriction waits out what is left of it first.
    const left = account.limited_until ? Math.ceil((account.limited_until.getTime() - this.now().getTime()) / 1000) : 0;
    if (left > 0) await this.limited(left, account.limited_until as Date);
  }

  protected override async roundStart(): Promise<AccountRow | undefined> {
    this.recheckDue = false;
    await this.recording.settled();
    const { account, material } = await readRound(
      this.deps.db,
      this.deps.workerId,
      this.accountId,
      this.since,
      this.deps.safety.enforce,
    );
    this.material = material;
    return account?.owner_id === this.deps.workerId ? account : undefined;
  }

  protected async interval(): Promise<{ min: number; max: number }> {
    if (!this.safety || !this.settings) return this.pace;
    const clock = { ...this.deps.safety, now: this.now() };
    return spreadInterval(this.pace, spreadGap(this.safety, this.settings, clock, this.row));
  }

  private release(numberId: number): Promise<void> {
    return releaseNumber(this.deps.db, numberId);
  }

  private async idle(event: 'idle' | 'stop' | 'finished' | 'error_blast', extra: Partial<TLivePayload> = {}) {
    const row = await this.setAccount({ status: 'idle', blasting: false, blast_number_id: null });
    if (row) await this.deps.publish(row, event, extra);
  }

  /** Stopped before anything went out: the number is given back, nothing counted. */
  private async giveBack(number: Taken, account: AccountRow): Promise<void> {
    await this.release(number.id);
    const released = (await this.setAccount({ blast_number_id: null })) ?? account;
    await this.deps.publish(released, 'in_use', { number: number.number, in_use: 0 });
  }

  protected async round(account: AccountRow): Promise<RoundEnd> {
    this.row = account;
    if (!account.blasting || account.suspended || account.state === TEMP_BANNED) return 'finish';
    if (!account.sending_enabled) {
      await this.idle('error_blast', { sendError: BLAST_TEXT.sendingStopped });
      return 'ended';
    }
    const material = this.material;
    this.material = null;
    if (!material) throw new Error('a blast round without the material its start read');
    const { number, template, interval } = material;
    const current = await this.withHealth(account);
    this.row = current;
    this.settings = material.safety;
    const verdict = sendPolicy(
      current,
      material.safety,
      { ...this.deps.safety, now: this.now() },
      { score: current.health, before: current.health_before, thresholds: material.health },
    );
    this.pace = { min: Math.round(interval.min * verdict.stretch), max: Math.round(interval.max * verdict.stretch) };
    this.safety = safetyView(verdict);
    // A restriction is waited out where it was met (restricted, resume); the rule holds back the rest.
    const held = ['window', 'cap', 'no_hours', 'health'] as const;
    if (held.some((reason) => reason === verdict.wait_reason)) {
      if (number) await this.putBack(number);
      await this.holdBack(verdict);
      return 'next';
    }
    if (!number) {
      if (!account.loop) {
        await this.idle('finished');
        return 'ended';
      }
      this.since = new Date();
      await this.setAccount({ blast_started_at: this.since });
      if (await anyNumberLeft(this.deps.db, this.since, template?.id ?? null, this.deps.safety.enforce)) return 'next';
      await this.idle('error_blast', { sendError: BLAST_TEXT.noActiveNumbers });
      return 'ended';
    }
    await this.deps.publish(account, 'in_use', { number: number.number, in_use: 1 });
    if (!template) {
      await this.release(number.id);
      await this.idle('error_blast', { sendError: BLAST_TEXT.noActiveTemplates });
      return 'ended';
    }
    await this.deps.publish(account, 'sending', { number: number.number });

    const variant = await this.deps.variants.pick(template, this.deps.random);
    const outcome = await sendTemplate(this, number, {
      text: variant.text,
      buttons: template.buttons,
      media: await this.deps.media.of(template.media_file_id),
    });
    countSend(outcome, 'blast');
    // A send cut short by a stop (a wait for the connection that the stop ended) is given back: nothing was
    // confirmed, so nothing is counted, and the number goes back to the pool.
    if (outcome.status === 'stopped' || (outcome.status === 'fail' && this.halted())) {
      await this.giveBack(number, account);
      return 'finish';
    }

    const sent = { number, template, variant: variant.key, outcome, verdict, since: this.since, sentAt: this.now() };
    if ((outcome.status === 'success' || outcome.status === 'fail') && !this.halted()) {
      // The pause begins while the outcome is written; its spread counts this send as the record will.
      const view = this.safety;
      this.safety = { ...view, sent_today: view.sent_today + 1 };
      this.recording.hold(
        // The outcome written during the pause announces, and keeps, the pause as its wait.
        recordBlastOutcome(this.deps, account, sent, view, (counted) =>
          withSpread(counted, this.spreadUntil, this.now()),
        ).then((counted) => {
          this.safety = counted;
        }),
      );
      return 'pause';
    }
    this.safety = await recordBlastOutcome(this.deps, account, sent, this.safety);
    if (outcome.status === 'banned' || this.halted()) return 'finish';
    return outcome.status === 'restricted' ? this.restricted(outcome) : 'pause';
  }

  /** A number taken by a round the rule held back goes back to the pool, unannounced: it was never in use. */
  private async putBack(number: Taken): Promise<void> {
    await this.release(number.id);
    this.row = (await this.setAccount({ blast_number_id: null })) ?? this.row;
  }

  /**
   * The account with its health computed lately: since its last bad signal (recording one made it due,
   * account-events.ts), and at most twice HEALTH_REFRESH_MS ago (the host refreshes it every HEALTH_REFRESH_MS;
   * this is for a host that fell behind). With the safety rule off nothing is decided on it: the host's is enough.
   */
  private async withHealth(account: AccountRow): Promise<AccountRow> {
    const now = this.now();
    const age = account.health_at ? now.getTime() - account.health_at.getTime() : Number.POSITIVE_INFINITY;
    if (!this.deps.safety.enforce || (age >= 0 && age < 2 * HEALTH_REFRESH_MS)) return account;
    await refreshHealth(this.deps.db, [this.accountId], { now, enforce: true });
    return (await this.account()) ?? account;
  }

  /**
   * Waits toward the time the rule named, announced with why, and checks again at most SAFETY_RECHECK_S later;
   * hours that never open (the member's own and the service's apart) and a pause for health name no time, and
   * are checked as often.
   */
  private async holdBack(verdict: SafetyVerdict): Promise<void> {
    const until = verdict.resume_at === null ? Number.NaN : Date.parse(verdict.resume_at);
    const left = Number.isNaN(until) ? SAFETY_RECHECK_S : Math.ceil((until - this.now().getTime()) / 1000);
    const seconds = Math.max(1, left);
    await this.announce('waiting', { waitTime: seconds });
    if (this.recheckDue) return;
    this.holding = true;
    await this.sleep(Math.min(seconds, SAFETY_RECHECK_S));
    this.holding = false;
  }

  /**
   * Waits out a restriction for a cool-down that grows with the restrictions in a row (restrict.ts), timed on
   * the loop's clock as the rule is: a moved clock (tests, the week bench) keeps its events in its windows.
   */
  private async restricted(outcome: Extract<SendOutcome, { status: 'restricted' }>): Promise<RoundEnd> {
    const { seconds, until, row } = await beginRestriction(this.deps.db, this.accountId, outcome, this.now());
    this.row = row ?? this.row;
    await this.limited(seconds, until);
    return 'next';
  }

  /** Waits out a restriction, the row saying until when, and clears it unless a stop cut the wait short. */
  private async limited(seconds: number, until: Date): Promise<void> {
    await this.wait(seconds, { limited_until: until.toISOString() });
    if (!this.halted()) this.row = (await this.setAccount({ limited_until: null })) ?? this.row;
  }

  /**
   * A shutdown, a ban or a temporary ban leaves `blasting` as it is (a restart or the ban's end resumes; a
   * ban already cleared it).
   */
  protected async finish(): Promise<void> {
    await this.recording.settled();
    const last = await this.account();
    if (!last) return;
    // A temporary ban keeps `blasting` too: the blast resumes when the account connects after it.
    if (last.suspended || last.state === TEMP_BANNED || this.shuttingDown) {
      await this.setAccount({ status: 'idle', blast_number_id: null });
    } else await this.idle(this.halted() || !last.blasting ? 'stop' : 'idle');
  }
}
