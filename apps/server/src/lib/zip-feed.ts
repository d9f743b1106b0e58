/**
 * The stream an upload reaches exceljs's workbook reader through, shaped around two faults of that reader.
 *
 * The reader ends its list of ZIP entries as soon as the ZIP's last record is read, dropping entries it has
 * been handed but not yet taken while it worked on an earlier one (a sheet parked in a temporary file, a part
 * parsed): a small workbook lost its first sheet or its `workbook.xml` that way, now and then. So the upload's
 * last byte is held back until the ZIP parser has taken every other byte and handed out every entry.
 *
 * And it pipes its input without watching it fail: an upload cut off (at its size limit, a form broken off)
 * would leave it waiting for bytes that never come. So a failed upload ends the input, the reader fails on a
 * ZIP cut short, and `failure` holds the upload's own error for the caller to throw instead. And when its
 * ZIP parser fails while the reader waits for the rest of a part (a sheet cut short on its way into a
 * temporary file), the reader waits for ever: `failed` settles then, for the caller to stop waiting on it.
 */
import { PassThrough, type Readable } from 'node:stream';

/** How often a held-back last byte looks whether it may go. */
const LOOK_MS = 5;

export class ZipFeed extends PassThrough {
  failure: { error: unknown } | null = null;
  /** The ZIP parser's error, when it fails. */
  readonly failed: Promise<Error>;
  private fail: (error: Error) => void = () => {};
  private parser: (Readable & NodeJS.WritableStream & { writableLength: number }) | null = null;
  private looking: NodeJS.Timeout | null = null;
  private last: Buffer | null = null;
  private fed = false;
  private stopped = false;

  constructor(chunks: AsyncIterable<Buffer>) {
    super();
    this.failed = new Promise((resolve) => {
      this.fail = resolve;
    });
    void this.feed(chunks);
  }

  /** The reader's ZIP parser is the one stream this is piped to: a stream of bytes in, of entries out. */
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.parser = destination as unknown as typeof this.parser;
    this.parser?.on('error', (error: Error) => this.fail(error));
    return super.pipe(destination, options);
  }

  /** Nothing more goes to the reader: it is done, or gave up. */
  stop(): void {
    this.stopped = true;
    this.stopLooking();
    this.destroy();
  }

  private async feed(chunks: AsyncIterable<Buffer>): Promise<void> {
    try {
      // Once stopped, the rest of the upload is read and dropped, so that its request still ends.
      for await (const chunk of chunks) {
        if (this.stopped || chunk.length === 0) continue;
        if (this.last) await this.put(this.last);
        this.last = chunk.subarray(chunk.length - 1);
        await this.put(chunk.subarray(0, chunk.length - 1));
      }
    } catch (error) {
      this.failure = { error };
      this.end();
      return;
    }
    this.fed = true;
    this.looking = setInterval(() => this.release(), LOOK_MS);
    this.release();
  }

  private stopLooking(): void {
    if (this.looking) clearInterval(this.looking);
    this.looking = null;
  }

  private async put(chunk: Buffer): Promise<void> {
    if (this.stopped || this.write(chunk)) return;
    await new Promise((resolve) => this.once('drain', resolve).once('close', resolve));
  }

  /** The last byte goes once the parser has taken every byte before it and no entry waits in its hands. */
  private release(): void {
    if (!this.fed || this.writableEnded || this.stopped) return;
    const parser = this.parser;
    if (parser && (this.readableLength > 0 || parser.writableLength > 0 || parser.readableLength > 0)) return;
    this.stopLooking();
    this.end(this.last ?? undefined);
  }
}
