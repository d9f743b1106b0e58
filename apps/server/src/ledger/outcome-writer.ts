/**
 * A worker's blast outcomes, written in batches (lib/group-commit.ts): rounds of many accounts finishing
 * together share one `recordSends` statement.
 */
import type { Db } from '../db/client.ts';
import { GroupCommit } from '../lib/group-commit.ts';
import { type RecordedSend, recordSends, type SendOutcome } from './record-send.ts';

export class OutcomeWriter {
  private readonly batches: GroupCommit<SendOutcome, RecordedSend | null>;

  constructor(db: Db) {
    this.batches = new GroupCommit((outcomes) => recordSends(db, outcomes));
  }

  /** Records the outcome once (recordSends); settles when its batch is committed. */
  record(outcome: SendOutcome): Promise<RecordedSend | null> {
    return this.batches.add(outcome);
  }
}
