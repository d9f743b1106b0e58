/**
 * Writes that many callers make one at a time, done together (DESIGN §10): while one batch's statement is in
 * flight the items that arrive meanwhile wait, and go together in the next one, so that many items arriving
 * together cost one round trip rather than one each, and a single item waits for nothing. One batch at a
 * time: a process's own batches never wait on each other's row locks. A batch that fails is written again
 * one item at a time, so that one bad item fails alone.
 */
interface Pending<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Writers whose batches must not overlap, because they lock the same rows in orders of their own (a deadlock
 * would cost PostgreSQL's deadlock timeout, a second): each batch waits for the one before it.
 */
export class Turns {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.last.then(work, work);
    this.last = turn.catch(() => undefined);
    return turn;
  }
}

export class GroupCommit<I, O> {
  private queue: Pending<I, O>[] = [];
  private writing = false;

  /** `write` answers one result per item, in the items' order. */
  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
    private readonly turns?: Turns,
  ) {}

  /** Settles when the item's batch is written. */
  add(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) await this.flush(this.queue.splice(0, this.maxBatch));
    this.writing = false;
  }

  private async flush(batch: Pending<I, O>[]): Promise<void> {
    try {
      const items = batch.map((pending) => pending.item);
      const results = await (this.turns ? this.turns.run(() => this.write(items)) : this.write(items));
      batch.forEach((pending, index) => {
        pending.resolve(results[index] as O);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) await this.flush([pending]);
    }
  }
}
