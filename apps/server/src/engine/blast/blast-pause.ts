/**
 * A blast's long pause between sends kept on its account's row (`spread_until`; issue 23): under the safety
 * rule the pause spreads the day's cap over the sending hours (send-spread.ts) and may last many minutes, so
 * the row says when the next send comes (wait reason `spread`), after a reload, on another tab and to an admin,
 * as the pause's live event says it; cleared when the pause ends. A blast started again within it (a restart, a
 * takeover) waits out the rest (blast-loop.ts `resume`). A pause shorter than LONG_PAUSE_S is not written: the
 * screens' countdown shows it, and a blast started again waits out the rest of the shortest pause from the
 * account's last send instead (ShortPauseAfterResume).
 */
import type { TAccountExtras } from '@sewablast/contract/live';
import { LONG_PAUSE_S } from '@sewablast/contract/safety';
import type { SafetyView } from '../../rules/safety/send-policy.ts';
import { withSpread } from '../../rules/safety/send-spread.ts';

export interface SpreadPauseDeps {
  now: () => Date;
  /** Writes the long pause's end on the account's row (null: none); false when the row is no longer the loop's. */
  keep: (until: Date | null) => Promise<boolean>;
  /** Announces that the pause is over (`progressing`, with `extra`). */
  over: (extra: TAccountExtras['progressing']) => Promise<void>;
}

export class SpreadPause {
  /** The end of the long pause under way, kept on the row until it ends. */
  private until: Date | null = null;

  constructor(private readonly deps: SpreadPauseDeps) {}

  /** The figures with the long pause under way as their wait, if there is one. */
  shown(view: SafetyView): SafetyView {
    return withSpread(view, this.until, this.deps.now());
  }

  /** A pause of `seconds` begins: a long one is kept on the row. Whether it is long. */
  async begin(seconds: number): Promise<boolean> {
    if (seconds < LONG_PAUSE_S) return false;
    this.until = new Date(this.deps.now().getTime() + seconds * 1000);
    await this.deps.keep(this.until);
    return true;
  }

  /** A pause a loop before this one began and kept on the row goes on here, to end as one this loop began. */
  kept(until: Date): void {
    this.until = until;
  }

  /**
   * The pause ended (no stop cut it short): a long one leaves the row, and the screens drop it. Whether it was
   * long. A loop whose account another worker took over meanwhile says nothing: the screens show the new
   * owner's wait, which may be a pause of its own.
   */
  async end(): Promise<boolean> {
    if (!this.until) {
      await this.deps.over({});
      return false;
    }
    this.until = null;
    if (await this.deps.keep(null)) await this.deps.over({ resume_at: null, wait_reason: null });
    return true;
  }
}

/**
 * The pause a blast started again owes its account's last send when no kept wait followed it: the rest of the
 * shortest pause (the interval's low end, stretched as health stretches it), so that a worker restarted again and
 * again within a pause does not send at every start.
 */
export class ShortPauseAfterResume {
  private lastSend: Date | null = null;

  /** The loop resumed an account whose last send was at `lastSend` (null: none). */
  resumed(lastSend: Date | null): void {
    this.lastSend = lastSend;
  }

  /** Seconds the first round after the resume still waits, 0 after it. */
  rest(minSeconds: number, now: Date): number {
    const last = this.lastSend;
    this.lastSend = null;
    if (!last) return 0;
    return Math.max(0, Math.ceil((last.getTime() + minSeconds * 1000 - now.getTime()) / 1000));
  }
}
