/**
 * One account's blast (DESIGN §5.6): take the next active number nobody is sending to, least recently
 * sent first; take the active template used least and pick one of its variants (variants.ts); send it filled
 * in (send.ts); record the outcome with its money (blast-outcome.ts); pause; again. A ban ends the blast. A
 * restriction (restrict.ts: WhatsApp's 463 the driver could not resolve, or a 429) counts as a failed send and
 * makes the blast wait, until the end WhatsApp told or for a cool-down that grows with restrictions in a row,
 * then go on: sending on into a restriction is what prolongs it, and ending the blast would lose a healthy
 * account's run. When every number was sent in this run the blast starts over (`loop`) or finishes. The send
 * key is the account, the number and the run, so a send repeated after a crash is counted once. Before each
 * send the account's safety rule (send-policy.ts) may hold it (blast-hold.ts): outside the sending hours, at
 * its day's cap, or while its health (health.ts, kept on its row by the host) is below its threshold, it gives
 * the number back and waits, looking again at once when the settings or the member's terms change. Falling
 * health stretches the pause and lowers the cap. A long pause between sends is kept on the row
 * (blast-pause.ts). Pacing, retries, stopping and the lease are the loop base's (loop.ts).
 */
import { BLAST_TEXT } from '@sewablast/contract/whatsapp';
import type { OutcomeWriter } from '../../ledger/outcome-writer.ts';
import type { PublishAccountEvent } from '../../live/account-event.ts';
import { countSend } from '../../metrics/engine-metrics.ts';
import { DEFAULT_INTERVAL_S } from '../../rules/safety/defaults.ts';
import { type SafetySettings, type SafetyView, safetyView, sendPolicy } from '../../rules/safety/send-policy.ts';
import { spreadGap, spreadInterval } from '../../rules/safety/send-spread.ts';
import { AccountLoop, type AccountRow, type LoopDeps, type Pace, type RoundEnd } from '../loop.ts';
import { withRecentHealth } from '../safety/health-read.ts';
import { beginRestriction } from '../safety/restrict.ts';
import { TEMP_BANNED } from '../session/session-events.ts';
import { SafetyHold } from './blast-hold.ts';
import { RecordInPause, recordBlastOutcome } from './blast-outcome.ts';
import { ShortPauseAfterResume, SpreadPause } from './blast-pause.ts';
import { type BlastRowValues, releaseNumber, setBlastAccount } from './blast-rows.ts';
import { anyNumberLeft, type Material, type MediaFiles, readRound, type Taken } from './blast-take.ts';
import { type SendOutcome, sendTemplate } from './send.ts';
import type { VariantPicker } from './variants.ts';

export interface BlastLoopDeps extends LoopDeps {
  publish: PublishAccountEvent;
  /** The worker's outcome batches: a round's outcome is one row of the next statement. */
  outcomes: OutcomeWriter;
  media: MediaFiles;
  variants: VariantPicker;
  /** BUSINESS_TZ, and whether the safety rule holds sends back (ACCOUNT_SAFETY). */
  safety: { timeZone: string; enforce: boolean };
  /** The clock the safety rule and the waits after a restriction read (tests move it). */
  now?: () => Date;
}

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
  /** The short pause a loop before this one was in when it stopped (blast-pause.ts). */
  private readonly shortPause = new ShortPauseAfterResume();
  /** The safety settings the last round read: the pause spreads the day's cap over their sending hours. */
  private settings: SafetySettings | null = null;
  /** Held back by the safety rule (blast-hold.ts): a recheck wakes it. */
  private readonly safetyHold = new SafetyHold({
    announce: (seconds) => this.announce({ event: 'waiting', waitTime: seconds }),
    sleep: (seconds) => this.sleep(seconds),
    wake: () => this.wake(),
    now: () => this.now(),
  });
  /** The last round's outcome, written while its pause runs. */
  private readonly recording = new RecordInPause();
  /** A long pause between sends, kept on the row until it ends. */
  private readonly spread = new SpreadPause({
    now: () => this.now(),
    keep: async (until) => {
      const written = await this.setAccount({ spread_until: until });
      this.row = written ?? this.row;
      return written !== undefined;
    },
    over: async (extra) => {
      if (this.row) await this.deps.publish(this.row, 'progressing', extra);
    },
  });

  constructor(
    protected override readonly deps: BlastLoopDeps,
    accountId: number,
  ) {
    super(deps, accountId, 'blast');
  }

  protected async announce({ event, ...fields }: Pace): Promise<void> {
    if (this.row) await this.deps.publish(this.row, event, { ...this.safety, ...fields });
  }

  /**
   * A wait the safety rule holds the blast in ends now, so that changed settings or terms take hold at once; a
   * pause between sends or a restriction's wait is left to end in its time (ending them early sends sooner).
   */
  recheck(): void {
    this.safetyHold.recheck();
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** A long pause is kept on the row as a wait of its own (blast-pause.ts), and its figures say it. */
  protected override async pausing(seconds: number): Promise<void> {
    if (this.safety && (await this.spread.begin(seconds))) this.safety = this.spread.shown(this.safety);
  }

  protected override async afterPause(): Promise<void> {
    await this.recording.settled();
    const long = await this.spread.end();
    if (long && this.safety) this.safety = { ...this.safety, resume_at: null, wait_reason: null };
  }

  private setAccount(values: BlastRowValues) {
    return setBlastAccount(this.deps.db, this.deps.workerId, this.accountId, values);
  }

  /** A number the account named when the process stopped goes back to the pool; the run goes on where it was. */
  protected async resume(account: AccountRow): Promise<void> {
    if (account.blast_number_id !== null) await this.release(account.blast_number_id);
    this.since = account.blast_started_at ?? new Date();
    this.row = await this.setAccount({ status: 'sending', blast_started_at: this.since, blast_number_id: null });
    // A blast started again (a restart, another worker's takeover, a stop and a start) waits out what is left of
    // the restriction and of the long pause the last loop was in: sending at once is the burst they held back.
    const limited = this.secondsUntil(account.limited_until);
    if (limited > 0) await this.limited(limited, account.limited_until as Date);
    const paused = this.secondsUntil(account.spread_until);
    if (paused > 0 && !this.halted()) {
      this.spread.kept(account.spread_until as Date);
      await this.wait(paused);
      return;
    }
    if (account.spread_until) this.row = (await this.setAccount({ spread_until: null })) ?? this.row;
    if (limited === 0) this.shortPause.resumed(account.last_sent_at);
  }

  /** Whole seconds from now on the loop's clock to `until`; 0 for none or past. */
  private secondsUntil(until: Date | null): number {
    return until ? Math.max(0, Math.ceil((until.getTime() - this.now().getTime()) / 1000)) : 0;
  }

  protected override async roundStart(): Promise<AccountRow | undefined> {
    this.safetyHold.reading();
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

  private async idle(event: 'idle' | 'stop' | 'finished'): Promise<void> {
    const row = await this.setAccount({ status: 'idle', blasting: false, blast_number_id: null });
    if (row) await this.deps.publish(row, event);
  }

  /** The blast cannot go on: it ends as `idle` does, saying why. */
  private async failed(sendError: string): Promise<void> {
    const row = await this.setAccount({ status: 'idle', blasting: false, blast_number_id: null });
    if (row) await this.deps.publish(row, 'error_blast', { sendError });
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
      await this.failed(BLAST_TEXT.sendingStopped);
      return 'ended';
    }
    const material = this.material;
    this.material = null;
    if (!material) throw new Error('a blast round without the material its start read');
    const { number, template, interval } = material;
    const current = await withRecentHealth(this.deps.db, account, {
      now: this.now(),
      enforce: this.deps.safety.enforce,
    });
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
      await this.safetyHold.hold(verdict);
      return 'next';
    }
    const rest = this.shortPause.rest(this.pace.min, this.now());
    if (rest > 0 && number) {
      await this.putBack(number);
      await this.wait(rest);
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
      await this.failed(BLAST_TEXT.noActiveNumbers);
      return 'ended';
    }
    await this.deps.publish(account, 'in_use', { number: number.number, in_use: 1 });
    if (!template) {
      await this.release(number.id);
      await this.failed(BLAST_TEXT.noActiveTemplates);
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
        recordBlastOutcome(this.deps, account, sent, view, (counted) => this.spread.shown(counted)).then((counted) => {
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
   * Waits out a restriction for a cool-down that grows with the restrictions in a row (restrict.ts), timed on
   * the loop's clock as the rule is: a moved clock (tests, the week bench) keeps its events in its windows.
   */
  private async restricted(outcome: Extract<SendOutcome, { status: 'restricted' }>): Promise<RoundEnd> {
    const { seconds, until, row } = await beginRestriction(
      this.deps.db,
      this.deps.workerId,
      this.accountId,
      outcome,
      this.now(),
    );
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
