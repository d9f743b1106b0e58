/**
 * Uploaded files, kept in the `files` table. A file is fetched by a signed URL that expires, so that an
 * <img> or <video> tag, which cannot send a bearer token, can still show it, while the URL alone does not
 * open the file forever.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type FileInfo = Pick<FileRow, 'id' | 'name' | 'mime' | 'size'>;

const URL_LIFETIME_SECONDS = 24 * 60 * 60;

export function createFileService(db: Db, secret: Uint8Array) {
  const signature = (id: number, expires: number) =>
    createHmac('sha256', secret).update(`file:${id}:${expires}`).digest('base64url');

  return {
    async save(input: { name: string; mime: string; bytes: Buffer; userId: number | null }): Promise<FileInfo> {
      const [row] = await db
        .insert(files)
        .values({
          name: input.name,
          mime: input.mime,
          size: input.bytes.length,
          bytes: input.bytes,
          user_id: input.userId,
        })
        .returning({ id: files.id, name: files.name, mime: files.mime, size: files.size });
      if (!row) throw new Error('file not saved');
      return row;
    },

    async get(id: number): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row;
    },

    /** Name, type and size without the bytes, for lists. */
    async infos(ids: number[]): Promise<Map<number, FileInfo>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: files.id, name: files.name, mime: files.mime, size: files.size })
        .from(files)
        .where(inArray(files.id, ids));
      return new Map(rows.map((row) => [row.id, row]));
    },

    async remove(id: number): Promise<void> {
      await db.delete(files).where(eq(files.id, id));
    },

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
