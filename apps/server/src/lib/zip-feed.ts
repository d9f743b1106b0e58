/**
 * The stream an upload reaches the workbook's ZIP parser through (xlsx-parts.ts). A stream piped into the
 * parser would leave it waiting for bytes that never come when the upload fails (cut off at its size limit,
 * a form broken off): a failed upload ends this stream instead, the parser fails on a ZIP cut short, and
 * `failure` holds the upload's own error for the caller to throw in its place. It also counts the bytes
 * taken, which the caps weigh what they unpack to against (xlsx-guard.ts).
 */
import { PassThrough } from 'node:stream';

export class ZipFeed extends PassThrough {
  failure: { error: unknown } | null = null;
  /** Bytes of the upload taken so far. */
  received = 0;
  private stopped = false;

  constructor(chunks: AsyncIterable<Buffer>) {
    super();
    void this.feed(chunks);
  }

  /** Nothing more goes to the parser: the reading is done, or gave up. */
  stop(): void {
    this.stopped = true;
    this.destroy();
  }

  /** Until the parser took what was written, or this stream closed; each wait takes its listeners back. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.off('drain', done).off('close', done);
        resolve();
      };
      this.on('drain', done).on('close', done);
    });
  }

  private async feed(chunks: AsyncIterable<Buffer>): Promise<void> {
    try {
      // Once stopped, the rest of the upload is read and dropped, so that its request still ends.
      for await (const chunk of chunks) {
        if (this.stopped || chunk.length === 0) continue;
        this.received += chunk.length;
        if (!this.write(chunk)) await this.drained();
      }
    } catch (error) {
      this.failure = { error };
    }
    if (!this.stopped) this.end();
  }
}
