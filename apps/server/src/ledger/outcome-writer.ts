/**
 * A worker's blast outcomes, written in batches (DESIGN §10): while one batch's statement is in flight the
 * outcomes that finish meanwhile wait, and go together in the next one, so that many accounts finishing
 * together cost one round trip rather than one each, and a single outcome waits for nothing. One batch at a
 * time per worker: its own batches never wait on each other's row locks.
 */
import type { Db } from '../db/client.ts';
import { type RecordedSend, recordSends, type SendOutcome } from './record-send.ts';

interface Pending {
  outcome: SendOutcome;
  resolve: (recorded: RecordedSend | null) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 500;

export class OutcomeWriter {
  private queue: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Db) {}

  /** Records the outcome once (recordSends); settles when its batch is committed. */
  record(outcome: SendOutcome): Promise<RecordedSend | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ outcome, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.write(batch);
    }
    this.writing = false;
  }

  /** A batch that fails is written again one outcome at a time, so that one bad outcome fails alone. */
  private async write(batch: Pending[]): Promise<void> {
    try {
      const recorded = await recordSends(
        this.db,
        batch.map((pending) => pending.outcome),
      );
      batch.forEach((pending, index) => {
        pending.resolve(recorded[index] ?? null);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await this.write([pending]);
    }
  }
}
