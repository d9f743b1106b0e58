/**
 * The one rule for work done through a session (a send, a number check), DESIGN §5.6 and §8: a passing
 * failure (a timeout; 429 for a number check) is tried again up to 3 times in all, 2 s then 4 s apart,
 * announced as `attempting`; a dropped connection is waited for and does not count as an attempt; a refusal
 * is final; a restriction (463) is final and tells the caller to wait (until its end when WhatsApp told it);
 * a send's 429 too, since trying again at once is what WhatsApp limits the account for; a ban ends it. Who
 * runs the work (a loop, the Blaster) says how to wait and what to announce.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { whatsappAccounts } from '../db/schema.ts';
import { RATE_LIMITED } from '../rules/safety/health.ts';
import { SendError, type WaSession } from '../wa/driver.ts';
import { nextChange } from './session/account-changes.ts';

const MAX_ATTEMPTS = 3;
/** How long a dropped connection is waited for before the work counts as failed. */
export const RECONNECT_WAIT_S = 60;

/** What the retry rule needs from whoever runs the work. */
export interface RetryPace {
  /** The account's session now; undefined while this process holds none. */
  session(): WaSession | undefined;
  /** True once the work should give up: a stop, a shutdown. */
  halted(): boolean;
  /** Waits whole seconds of send time (tests shorten a second); a stop may cut it short. */
  sleep(seconds: number): Promise<void>;
  /** A passing failure is about to be tried again. */
  attempting(code: string): Promise<void>;
  /** The connection dropped: true once it is back, false when it did not come back in time or was halted. */
  reconnected(): Promise<boolean>;
}

/**
 * `stopped`: halted before anything went out, so nothing happened that counts. `restricted` names its code
 * (463, 429) and the restriction's end when WhatsApp told it.
 */
export type Attempted<T> =
  | { status: 'success'; value: T }
  | { status: 'fail' | 'banned'; error: string }
  | { status: 'restricted'; error: string; code: string; until: Date | null }
  | { status: 'stopped' };

export async function withRetries<T>(
  pace: RetryPace,
  work: (session: WaSession) => Promise<T>,
  { coolOn429 = false }: { coolOn429?: boolean } = {},
): Promise<Attempted<T>> {
  let error: string | null = null;
  let tried = false;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && !pace.halted(); ) {
    const session = pace.session();
    try {
      if (!session) throw new SendError('disconnected', 'no-session', 'no session');
      tried = true;
      return { status: 'success', value: await work(session) };
    } catch (failure) {
      const sendError = failure instanceof SendError ? failure : new SendError('transient', 'error', String(failure));
      error = `${sendError.code}: ${sendError.message}`;
      if (sendError.kind === 'banned') return { status: 'banned', error };
      // Trying again at once is what WhatsApp restricts the account for.
      if (sendError.kind === 'restricted' || (coolOn429 && sendError.code === RATE_LIMITED)) {
        return { status: 'restricted', error, code: sendError.code, until: sendError.until };
      }
      if (sendError.kind === 'rejected') break;
      if (sendError.kind === 'disconnected') {
        if (!(await pace.reconnected())) break;
        continue;
      }
      if (attempt === MAX_ATTEMPTS) break;
      await pace.attempting(sendError.code);
      await pace.sleep(attempt * 2);
      attempt++;
    }
  }
  // No error means the loop ended on a halt before any try.
  if (error === null || (!tried && pace.halted())) return { status: 'stopped' };
  return { status: 'fail', error };
}

/**
 * A reconnect wait first reads the row after FIRST_LOOK_S (the drop's own event has landed by then, and a
 * session back already is seen as soon as before), then every LOOK_AGAIN_S with no word from the session (a
 * change made by another process).
 */
const FIRST_LOOK_S = 0.5;
const LOOK_AGAIN_S = 5;

/**
 * Waits until the account's row reads connected again and this process holds its session, for up to
 * RECONNECT_WAIT_S: the row is read when the session's event changed it (session/account-changes.ts), and
 * after FIRST_LOOK_S, then every LOOK_AGAIN_S regardless; false when it did not come back, the account is gone or suspended, or the
 * pace was halted. A wake-up counts as half a second of the wait, so that a flapping session cannot keep it
 * going for ever.
 */
export async function awaitReconnect(
  db: Db,
  accountId: number,
  pace: Pick<RetryPace, 'session' | 'halted' | 'sleep'>,
): Promise<boolean> {
  for (let waited = 0; waited < RECONNECT_WAIT_S && !pace.halted(); ) {
    const change = nextChange(accountId);
    const look = waited === 0 ? FIRST_LOOK_S : LOOK_AGAIN_S;
    const woken = await Promise.race([change.changed.then(() => true), pace.sleep(look).then(() => false)]);
    change.cancel();
    waited += woken ? FIRST_LOOK_S : look;
    const [row] = await db
      .select({ state: whatsappAccounts.state, suspended: whatsappAccounts.suspended })
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, accountId));
    if (row?.state === 'connected' && pace.session()) return true;
    if (!row || row.suspended) return false;
  }
  return false;
}
