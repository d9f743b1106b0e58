/**
 * A blast held back by the safety rule (send-policy.ts: outside the sending hours, at its day's cap, paused for
 * its health, hours that never open): the loop gives its number back and waits here toward the time the rule
 * named, announced with why. A recheck (the settings or the member's terms saved: engine `recheck`) ends the
 * wait at once, so that the change takes hold in the next round; a pause between sends or a restriction's wait
 * is not this wait, and is left to end in its time (ending them early sends sooner).
 */
import type { SafetyVerdict } from '../../rules/safety/send-policy.ts';

/**
 * A wait for the sending hours or the next day is checked again this often, so that settings changed where no
 * recheck reached this worker (straight in the database, a lost command) take hold.
 */
export const SAFETY_RECHECK_S = 5 * 60;

export interface HoldDeps {
  /** Announces the wait (`waiting`, with the safety figures), `seconds` long. */
  announce: (seconds: number) => Promise<void>;
  sleep: (seconds: number) => Promise<void>;
  /** Cuts the sleep under way short. */
  wake: () => void;
  now: () => Date;
}

export class SafetyHold {
  /** Asleep in a hold: a recheck wakes it. */
  private holding = false;
  /** A recheck came since this round read the settings: a hold it decides on them is looked at again at once. */
  private recheckDue = false;

  constructor(private readonly deps: HoldDeps) {}

  /** A round reads the settings now: a recheck from here on is one it has not seen. */
  reading(): void {
    this.recheckDue = false;
  }

  recheck(): void {
    this.recheckDue = true;
    if (this.holding) this.deps.wake();
  }

  /**
   * Waits toward the time the rule named, and checks again at most SAFETY_RECHECK_S later; hours that never
   * open (the member's own and the service's apart) and a pause for health name no time, and are checked as
   * often.
   */
  async hold(verdict: SafetyVerdict): Promise<void> {
    const until = verdict.resume_at === null ? Number.NaN : Date.parse(verdict.resume_at);
    const left = Number.isNaN(until) ? SAFETY_RECHECK_S : Math.ceil((until - this.deps.now().getTime()) / 1000);
    const seconds = Math.max(1, left);
    await this.deps.announce(seconds);
    if (this.recheckDue) return;
    this.holding = true;
    await this.deps.sleep(Math.min(seconds, SAFETY_RECHECK_S));
    this.holding = false;
  }
}
