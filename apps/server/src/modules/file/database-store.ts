/**
 * The embedded default file store: a file's bytes in `file_chunks`, 256 KB a row, so that every node of a
 * cluster reads what any node wrote, through the database they already share. Each chunk is written in a
 * statement of its own as the upload streams in, and read back a couple of chunks a query: no statement
 * carries a whole file, so none holds the event loop (bytea is decoded on it) or the memory for long.
 *
 * A file stored before files were chunked has its bytes whole in `files.bytes`; it is read in slices of the
 * same size by `substring`, which PostgreSQL cuts on its side.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileChunks, files } from '../../db/schema.ts';
import type { ByteRange, FileStore, StoredContent } from './store.ts';

export const CHUNK_BYTES = 256 * 1024;
/**
 * Chunks a read asks for at once, and bytes a download reads ahead of its socket: one chunk arrives as twice
 * its size in hex text, so eight downloads at once hold a few megabytes, never a file.
 */
const CHUNKS_PER_READ = 1;
const READ_AHEAD_BYTES = 64 * 1024;

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The part of a piece starting at `position` in the file that falls inside [start, end]. */
function within(data: Buffer, position: number, start: number, end: number): Buffer | null {
  const from = Math.max(start - position, 0);
  const to = Math.min(end - position + 1, data.length);
  return from < to ? data.subarray(from, to) : null;
}

async function* legacySlices(db: Db, fileId: number, start: number, end: number): AsyncGenerator<Buffer> {
  for (let at = start; at <= end; at += CHUNK_BYTES) {
    const length = Math.min(CHUNK_BYTES, end - at + 1);
    const [slice] = await db
      .select({ data: sql<Uint8Array>`substring(${files.bytes} from ${at + 1} for ${length})` })
      .from(files)
      .where(eq(files.id, fileId));
    if (!slice) throw new Error(`file ${fileId} is gone`);
    yield asBuffer(slice.data);
  }
}

async function* chunkSlices(db: Db, fileId: number, start: number, end: number): AsyncGenerator<Buffer> {
  const [first] = await db
    .select({ position: max(fileChunks.position) })
    .from(fileChunks)
    .where(and(eq(fileChunks.file_id, fileId), lte(fileChunks.position, start)));
  let after = Number(first?.position ?? 0) - 1;
  for (;;) {
    const rows = await db
      .select({ position: fileChunks.position, data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.file_id, fileId), gt(fileChunks.position, after)))
      .orderBy(asc(fileChunks.position))
      .limit(CHUNKS_PER_READ);
    if (rows.length === 0) return;
    for (const row of rows) {
      const part = within(row.data, row.position, start, end);
      if (part) yield part;
      if (row.position + row.data.length > end) return;
      after = row.position;
    }
  }
}

async function* slices(db: Db, fileId: number, range: ByteRange | undefined): AsyncGenerator<Buffer> {
  const [file] = await db
    .select({ size: files.size, whole: sql<boolean>`${files.bytes} is not null` })
    .from(files)
    .where(eq(files.id, fileId));
  if (!file) throw new Error(`file ${fileId} is gone`);
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? file.size - 1, file.size - 1);
  if (start > end) return;
  yield* file.whole ? legacySlices(db, fileId, start, end) : chunkSlices(db, fileId, start, end);
}

export function createDatabaseFileStore(db: Db): FileStore {
  const remove = async (fileId: number) => {
    await db.delete(fileChunks).where(eq(fileChunks.file_id, fileId));
  };

  return {
    async put(fileId, source): Promise<StoredContent> {
      const hash = createHash('sha256');
      // One buffer, filled and written again and again: a chunk's statement is done with it once awaited.
      const piece = Buffer.allocUnsafe(CHUNK_BYTES);
      let filled = 0;
      let position = 0;
      const flush = async () => {
        if (filled === 0) return;
        await db.insert(fileChunks).values({ file_id: fileId, position, data: piece.subarray(0, filled) });
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
            if (filled === CHUNK_BYTES) await flush();
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
      return Readable.from(slices(db, fileId, range), { objectMode: false, highWaterMark: READ_AHEAD_BYTES });
    },

    delete: remove,
  };
}
