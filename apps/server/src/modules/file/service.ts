/**
 * Uploaded files: their name, type and size in the `files` table, their bytes in the file store the
 * configuration chose (stores.ts: chunks in the database, or an S3-compatible bucket), both streamed. A file is fetched by a signed URL that expires, so that an <img> or
 * <video> tag, which cannot send a bearer token, can still show it, while the URL alone does not open the
 * file forever.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import type { ByteRange, FileStore } from '../../lib/file-store.ts';

export type FileInfo = Pick<typeof files.$inferSelect, 'id' | 'name' | 'mime' | 'size'>;

const URL_LIFETIME_SECONDS = 24 * 60 * 60;
/** An upload still incomplete after this long was cut off by a process that died, and is swept away. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

const infoColumns = { id: files.id, name: files.name, mime: files.mime, size: files.size };

export function createFileService(db: Db, secret: Uint8Array, store: FileStore) {
  const signature = (id: number, expires: number) =>
    createHmac('sha256', secret).update(`file:${id}:${expires}`).digest('base64url');

  async function remove(id: number): Promise<void> {
    await store.delete(id);
    await db.delete(files).where(eq(files.id, id));
  }

  /** Uploads whose process died before they were complete: a living upload is never this old. */
  async function sweepAbandoned(now = Date.now()): Promise<void> {
    const abandoned = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.complete, false), lt(files.created_at, new Date(now - ABANDONED_AFTER_MS))));
    for (const { id } of abandoned) await remove(id);
  }

  return {
    /**
     * Stores a stream as a new file. The row is marked complete only once every byte is stored: a stream that
     * fails (an upload cut off, too large, a client gone) leaves neither the row nor any of its bytes.
     */
    async save(input: {
      name: string;
      mime: string;
      source: AsyncIterable<Buffer | Uint8Array>;
      userId: number | null;
    }): Promise<FileInfo> {
      await sweepAbandoned();
      const [row] = await db
        .insert(files)
        .values({ name: input.name, mime: input.mime, size: 0, complete: false, user_id: input.userId })
        .returning({ id: files.id });
      if (!row) throw new Error('file not saved');
      try {
        const content = await store.put(row.id, input.source);
        await db
          .update(files)
          .set({ size: content.size, sha256: content.sha256, complete: true })
          .where(eq(files.id, row.id));
        return { id: row.id, name: input.name, mime: input.mime, size: content.size };
      } catch (error) {
        await remove(row.id);
        throw error;
      }
    },

    /** A stored file's bytes, or the range of them asked for, as they are read. */
    open(id: number, range?: ByteRange): Readable {
      return store.get(id, range);
    },

    /** Name, type and size of a complete file. */
    async info(id: number): Promise<FileInfo | undefined> {
      const [row] = await db
        .select(infoColumns)
        .from(files)
        .where(and(eq(files.id, id), eq(files.complete, true)));
      return row;
    },

    /** Name, type and size of each, for lists. */
    async infos(ids: number[]): Promise<Map<number, FileInfo>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select(infoColumns).from(files).where(inArray(files.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    },

    remove,
    sweepAbandoned,

    /** Expiry is rounded to the hour so that a list's URLs stay stable (and cacheable) for a while. */
    signedUrl(id: number, now = Date.now()): string {
      const expires = Math.ceil((now / 1000 + URL_LIFETIME_SECONDS) / 3600) * 3600;
      return `/api/file/${id}?expires=${expires}&signature=${signature(id, expires)}`;
    },

    verify(id: number, expires: number, given: string, now = Date.now()): boolean {
      if (expires * 1000 < now) return false;
      const expected = Buffer.from(signature(id, expires));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
