/**
 * The embedded default file store: a file's bytes in `file_chunks`, 64 KB a row, so that every node of a
 * cluster reads what any node wrote, through the database they already share. Each chunk is written in a
 * statement of its own as the upload streams in, and read back one chunk a query: no statement carries a
 * whole file, so none holds the event loop or the memory for long. A chunk is read as base64 text, which
 * Node decodes natively and which arrives at 4/3 of its size where bytea's hex text arrives at twice it.
 * 64 KB, not more, keeps that text a small object V8 collects cheaply: 256 KB chunks came as large objects,
 * and eight downloads at once held the event loop five times as long at the median (37.8 against 7.1 ms).
 *
 * A file stored before files were chunked has its bytes whole in `files.bytes`; it is read in slices of the
 * same size by `substring`, which PostgreSQL cuts on its side.
 *
 * The store's queries go one at a time, with a turn for other requests between them. Eight downloads each
 * with its query in flight had their answers arrive together and decoded in one go, holding the event loop
 * (health p99 182 ms on PostgreSQL); one at a time, a request waits for one chunk at most (35 ms here, and the
 * eight downloads took no longer).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileChunks, files } from '../../db/schema.ts';
import type { ByteRange, FileStore, StoredContent } from '../../lib/file-store.ts';

const CHUNK_BYTES = 64 * 1024;
/** Bytes a download reads ahead of its socket: with the chunk on its way, a download holds a chunk or two. */
const READ_AHEAD_BYTES = 64 * 1024;

/** The size of the chunks this store writes. */
export const CHUNK_BYTES_WRITTEN = CHUNK_BYTES;

type Lane = <T>(work: () => Promise<T>) => Promise<T>;

/** Runs work one at a time, each after the event loop had a turn (one lane a store: a process builds one, stores.ts). */
function oneAtATime(): Lane {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = tail.then(() => new Promise((resolve) => setImmediate(resolve))).then(work);
    tail = run.catch(() => {});
    return run;
  };
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The part of a piece starting at `position` in the file that falls inside [start, end]. */
function within(data: Buffer, position: number, start: number, end: number): Buffer | null {
  const from = Math.max(start - position, 0);
  const to = Math.min(end - position + 1, data.length);
  return from < to ? data.subarray(from, to) : null;
}

interface Reading {
  db: Db;
  lane: Lane;
  chunkBytes: number;
}

// PostgreSQL's base64 breaks its lines every 76 characters; Node's decoder skips the breaks.
const base64Of = (column: typeof fileChunks.data | typeof files.bytes) => sql<string>`encode(${column}, 'base64')`;

async function* wholeSlices({ db, lane, chunkBytes }: Reading, fileId: number, start: number, end: number) {
  for (let at = start; at <= end; at += chunkBytes) {
    const length = Math.min(chunkBytes, end - at + 1);
    const [slice] = await lane(() =>
      db
        .select({ data: sql<string>`encode(substring(${files.bytes} from ${at + 1} for ${length}), 'base64')` })
        .from(files)
        .where(eq(files.id, fileId)),
    );
    if (!slice) throw new Error(`file ${fileId} is gone`);
    yield Buffer.from(slice.data, 'base64');
  }
}

async function* chunkSlices({ db, lane }: Reading, fileId: number, start: number, end: number) {
  const [first] = await db
    .select({ position: max(fileChunks.position) })
    .from(fileChunks)
    .where(and(eq(fileChunks.file_id, fileId), lte(fileChunks.position, start)));
  for (let after = Number(first?.position ?? 0) - 1; ; ) {
    const [chunk] = await lane(() =>
      db
        .select({ position: fileChunks.position, data: base64Of(fileChunks.data) })
        .from(fileChunks)
        .where(and(eq(fileChunks.file_id, fileId), gt(fileChunks.position, after)))
        .orderBy(asc(fileChunks.position))
        .limit(1),
    );
    if (!chunk) return;
    const data = Buffer.from(chunk.data, 'base64');
    const part = within(data, chunk.position, start, end);
    if (part) yield part;
    if (chunk.position + data.length > end) return;
    after = chunk.position;
  }
}

async function* slices(reading: Reading, fileId: number, range: ByteRange | undefined): AsyncGenerator<Buffer> {
  const [file] = await reading.db
    .select({ size: files.size, whole: sql<boolean>`${files.bytes} is not null` })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) throw new Error(`file ${fileId} is gone`);
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? file.size - 1, file.size - 1);
  if (start > end) return;
  yield* file.whole ? wholeSlices(reading, fileId, start, end) : chunkSlices(reading, fileId, start, end);
}

export function createDatabaseFileStore(db: Db): FileStore {
  const reading: Reading = {
    db,
    lane: oneAtATime(),
    chunkBytes: CHUNK_BYTES,
  };
  const { lane, chunkBytes } = reading;
  const remove = async (fileId: number) => {
    await db.delete(fileChunks).where(eq(fileChunks.file_id, fileId));
  };

  return {
    async put(fileId, source): Promise<StoredContent> {
      const hash = createHash('sha256');
      // One buffer, filled and written again and again: a chunk's statement is done with it once awaited.
      const piece = Buffer.allocUnsafe(chunkBytes);
      let filled = 0;
      let position = 0;
      const flush = async () => {
        if (filled === 0) return;
        await lane(() => db.insert(fileChunks).values({ file_id: fileId, position, data: piece.subarray(0, filled) }));
        position += filled;
        filled = 0;
      };
      try {
        for await (const received of source) {
          const bytes = asBuffer(received);
          hash.update(bytes);
          for (let at = 0; at < bytes.length; ) {
            const copied = bytes.copy(piece, filled, at);
            filled += copied;
            at += copied;
            if (filled === chunkBytes) await flush();
          }
        }
        await flush();
      } catch (error) {
        await remove(fileId);
        throw error;
      }
      return { size: position, sha256: hash.digest('hex') };
    },

    get(fileId, range) {
      return Readable.from(slices(reading, fileId, range), { objectMode: false, highWaterMark: READ_AHEAD_BYTES });
    },

    delete: remove,
  };
}
