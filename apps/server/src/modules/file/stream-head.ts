/** The first bytes of a stream, to tell its kind by, and the whole stream still to be read after them. */
export interface HeadAndRest {
  head: Buffer;
  /** Every byte of the stream, the head's included. */
  rest: AsyncIterable<Buffer>;
}

const asBuffer = (chunk: Buffer | Uint8Array | string): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);

export async function readHead(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  bytes: number,
): Promise<HeadAndRest> {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = asBuffer(next.value);
    taken.push(chunk);
    length += chunk.length;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* taken;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield asBuffer(next.value);
  }
  return { head: Buffer.concat(taken).subarray(0, bytes), rest: rest() };
}
