/**
 * What a generator's or validator's run says while no account may check (check-budget.ts): its row's `state`
 * (`quota` until a slot frees, `no_checker` while none of the owner's accounts may check at all) and a
 * `waiting` event with it; and, once a check goes out again, `running` and the job's running event, so that
 * the screens drop the wait.
 */
import type { TJobExtras } from '@sewablast/contract/live';
import type { Checker, CheckerChoice } from './check-budget.ts';

/** A wait for check budget is looked at again this often, so that new settings and accounts take hold. */
export const BUDGET_RECHECK_S = 5 * 60;
/**
 * A wait for any account that may check is looked at again sooner: its cause is often brief (the job's account
 * reconnecting, or linked a moment ago and not yet held here), and one read of the owner's accounts costs little.
 */
export const NO_CHECKER_RECHECK_S = 15;

export interface BudgetWaitDeps {
  /** Writes the job's `state`; false when the job is gone. */
  setState: (state: 'quota' | 'no_checker' | 'running') => Promise<boolean>;
  send: <E extends keyof TJobExtras>(event: E, extra: TJobExtras[E]) => Promise<void>;
  /** The job's running event. */
  running: () => 'generating' | 'validating';
  sleep: (seconds: number) => Promise<void>;
  /** Cuts the sleep under way short. */
  wake: () => void;
  now: () => Date;
}

export class BudgetWait {
  /** What the job waits for now, as its row says; null while it checks. */
  private waiting: 'quota' | 'no_checker' | null = null;
  /** Asleep in a wait: a recheck wakes it. */
  private holding = false;
  /** A recheck came since the round read the settings and accounts: its wait is not slept. */
  private recheckDue = false;

  constructor(private readonly deps: BudgetWaitDeps) {}

  /**
   * The settings or an owner's terms changed (engine `recheck`): a wait ends now, so that a raised budget or a
   * shorter warm-up takes hold at once rather than at the next look.
   */
  recheck(): void {
    this.recheckDue = true;
    if (this.holding) this.deps.wake();
  }

  /**
   * Who checks this round (`find`, which reads the settings and the accounts), or null after waiting toward the
   * time one may, when none may; a check going out again drops the wait.
   */
  async checker(find: () => Promise<Checker | Exclude<CheckerChoice, { kind: 'check' }>>): Promise<Checker | null> {
    this.recheckDue = false;
    const found = await find();
    if ('kind' in found) {
      await this.wait(found);
      return null;
    }
    await this.over();
    return found;
  }

  /** Says why no account may check, and waits toward the time a slot frees, or until it looks again. */
  private async wait(choice: Exclude<CheckerChoice, { kind: 'check' }>): Promise<void> {
    const state = choice.kind === 'quota' ? 'quota' : 'no_checker';
    const resumeAt = choice.kind === 'quota' ? choice.resumeAt : null;
    if (this.waiting !== state && (await this.deps.setState(state))) this.waiting = state;
    const left = resumeAt ? Math.max(1, Math.ceil((resumeAt.getTime() - this.deps.now().getTime()) / 1000)) : null;
    const recheck = state === 'quota' ? BUDGET_RECHECK_S : NO_CHECKER_RECHECK_S;
    await this.deps.send('waiting', {
      waitTime: left ?? recheck,
      state,
      status: 'sending',
      resume_at: resumeAt?.toISOString() ?? null,
    });
    if (this.recheckDue) return;
    this.holding = true;
    await this.deps.sleep(Math.min(left ?? recheck, recheck));
    this.holding = false;
  }

  /** A check goes out again: the row and the screens drop the wait. */
  private async over(): Promise<void> {
    if (this.waiting === null) return;
    this.waiting = null;
    await this.deps.setState('running');
    await this.deps.send(this.deps.running(), { status: 'sending', state: 'running' });
  }
}
