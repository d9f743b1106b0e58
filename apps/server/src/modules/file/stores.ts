/**
 * The one place that chooses where files go (S3_URL, DESIGN §1): new files into the S3-compatible store when
 * one is configured, else into the database. Each `files` row says where its bytes went (`location`), and
 * every read and delete follows it: files stored in the database before S3 was configured keep reading from
 * there (docs/decisions.md "Stored files"). Built once per process, in services.ts, and handed to the file
 * service and the engine.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { S3Location } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { createDatabaseFileStore } from './database-store.ts';
import { createS3FileStore } from './s3-store.ts';

export type FileLocation = (typeof files.$inferSelect)['location'];

export interface ConfiguredFileStore extends FileStore {
  /** Where this process puts new files. */
  readonly writesTo: FileLocation;
}

/**
 * At start-up, before the database is started or migrated: the configured bucket exists and the keys may use
 * it, so that a wrong S3_URL stops the start having changed nothing.
 */
export async function checkFileStoreConfig(s3?: S3Location): Promise<void> {
  if (s3) await createS3FileStore(s3).check();
}

export function createFileStore(db: Db, s3?: S3Location): ConfiguredFileStore {
  const s3Store = s3 ? createS3FileStore(s3) : null;
  const stores = new Map<FileLocation, FileStore>([['database', createDatabaseFileStore(db)]]);
  if (s3Store) stores.set('s3', s3Store);
  const writesTo: FileLocation = s3Store ? 's3' : 'database';

  const storeAt = (location: FileLocation): FileStore => {
    const store = stores.get(location);
    if (!store) throw new Error(`the file's bytes are in the '${location}' store, which S3_URL no longer names`);
    return store;
  };
  const locationOf = async (fileId: number) =>
    (await db.select({ location: files.location }).from(files).where(eq(files.id, fileId)))[0]?.location;

  async function* bytesOf(fileId: number, range: Parameters<FileStore['get']>[1]): AsyncGenerator<Buffer> {
    const location = await locationOf(fileId);
    if (!location) throw new Error(`file ${fileId} is gone`);
    yield* storeAt(location).get(fileId, range);
  }

  return {
    writesTo,

    async put(fileId, source) {
      // Recorded first, so that a process dying mid-upload leaves a row whose sweep looks in the right store.
      await db.update(files).set({ location: writesTo }).where(eq(files.id, fileId));
      return storeAt(writesTo).put(fileId, source);
    },

    get(fileId, range) {
      return Readable.from(bytesOf(fileId, range), { objectMode: false, highWaterMark: 64 * 1024 });
    },

    async delete(fileId) {
      const location = await locationOf(fileId);
      // A row already gone names no store: every store is asked, and deleting nothing is no error.
      for (const store of location ? [storeAt(location)] : stores.values()) await store.delete(fileId);
    },
  };
}
