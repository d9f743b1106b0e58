/**
 * A worker's blast outcomes, written in batches (lib/group-commit.ts): rounds of many accounts finishing
 * together share one `recordSends` statement.
 */
import type { Db } from '../db/client.ts';
import { GroupCommit, type Turns } from '../lib/group-commit.ts';
import { type RecordedSend, recordSends, type SendOutcome } from './record-send.ts';

export class OutcomeWriter {
  private readonly batches: GroupCommit<SendOutcome, RecordedSend | null>;

  /** `turns` is shared with the receipt writer (engine/session/receipts.ts): both raise counters on the same account rows. */
  constructor(db: Db, turns?: Turns) {
    this.batches = new GroupCommit((outcomes) => recordSends(db, outcomes), 500, turns);
  }

  /** Records the outcome once (recordSends); settles when its batch is committed. */
  record(outcome: SendOutcome): Promise<RecordedSend | null> {
    return this.batches.add(outcome);
  }
}
