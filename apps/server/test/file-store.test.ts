/**
 * The file store's contract (lib/file-store.ts), the same tests for each store the configuration can
 * choose (modules/file/stores.ts): the database's chunks, and an S3-compatible bucket on a real local S3
 * server (test/s3-server.ts). Then what changes when S3_URL is set on a server whose files are in the
 * database: they still read, from where they are; and what a start refuses: a bucket that is not there.
 */

import { createHash, randomBytes } from 'node:crypto';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { fileChunks, files } from '../src/db/schema.ts';
import type { FileStore } from '../src/lib/file-store.ts';
import { CHUNK_BYTES_WRITTEN } from '../src/modules/file/database-store.ts';
import { type ConfiguredFileStore, checkFileStoreConfig, createFileStore } from '../src/modules/file/stores.ts';
import { createTestDatabase } from './harness.ts';
import { hasS3Server, type S3Server, startS3Server } from './s3-server.ts';

const MB = 1024 * 1024;

let database: Database;
let s3: S3Server | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  if (hasS3Server) s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  s3?.stop();
  await database.close();
});

async function newRow(): Promise<number> {
  const [row] = await database.db
    .insert(files)
    .values({ name: 'x.bin', mime: 'application/octet-stream', size: 0, complete: false })
    .returning({ id: files.id });
  if (!row) throw new Error('no row');
  return row.id;
}

/** Records the size the store reported, as the file service does, so that reads know where the file ends. */
async function stored(store: FileStore, bytes: Buffer, piece = 100_000) {
  const id = await newRow();
  const pieces = Array.from({ length: Math.ceil(bytes.length / piece) }, (_, i) =>
    bytes.subarray(i * piece, (i + 1) * piece),
  );
  const content = await store.put(
    id,
    (async function* () {
      yield* pieces;
    })(),
  );
  await database.db.update(files).set({ size: content.size, complete: true }).where(eq(files.id, id));
  return { id, content };
}

async function read(store: FileStore, id: number, range?: { start: number; end: number }): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of store.get(id, range)) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

const chunksOf = async (id: number) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(fileChunks).where(eq(fileChunks.file_id, id)))[0]
    ?.n ?? 0;

/** What is left of a file anywhere: its chunks, its object, a multipart upload of it still open. */
async function leftOf(id: number) {
  const key = `files/${id}`;
  const bucket = s3 ? await s3.contents() : { objects: [], pendingUploads: [] };
  return {
    chunks: await chunksOf(id),
    objects: bucket.objects.filter((name) => name === key).length,
    pendingUploads: bucket.pendingUploads.filter((name) => name === key).length,
  };
}
const NOTHING = { chunks: 0, objects: 0, pendingUploads: 0 };

const STORES = [
  { kind: 'database', open: () => createFileStore(database.db) },
  { kind: 's3', open: () => createFileStore(database.db, s3?.location) },
] as const;

describe.each(STORES)('the $kind store', ({ kind, open }) => {
  let store: ConfiguredFileStore;
  beforeAll(() => {
    store = open();
  });
  const skip = kind === 's3' && !hasS3Server;

  it.skipIf(skip)(
    'stores a stream, reporting its size and SHA-256, and gives it back whole and in ranges',
    async () => {
      expect(store.writesTo).toBe(kind);
      // More than one S3 part (5 MB) and many chunks, ending inside a piece of each.
      const bytes = randomBytes(6 * MB + 12_345);
      const { id, content } = await stored(store, bytes);
      expect(content).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect((await read(store, id)).equals(bytes)).toBe(true);
      for (const range of [
        { start: 0, end: 0 },
        { start: CHUNK_BYTES_WRITTEN - 50, end: CHUNK_BYTES_WRITTEN + 49 },
        { start: 5 * MB - 10, end: 5 * MB + 10 },
        { start: bytes.length - 10, end: bytes.length - 1 },
      ]) {
        expect((await read(store, id, range)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
      }
      const [row] = await database.db.select({ location: files.location }).from(files).where(eq(files.id, id));
      expect(row?.location).toBe(kind);
      expect((await leftOf(id)).chunks > 0).toBe(kind === 'database');
      expect((await leftOf(id)).objects).toBe(kind === 's3' ? 1 : 0);
    },
    60_000,
  );

  it.skipIf(skip)('stores an empty file', async () => {
    const { id, content } = await stored(store, Buffer.alloc(0));
    expect(content.size).toBe(0);
    expect((await read(store, id)).length).toBe(0);
  });

  it.skipIf(skip)(
    'keeps nothing of a stream that fails midway, past its first S3 part',
    async () => {
      const id = await newRow();
      async function* cut() {
        for (let i = 0; i < 7; i++) yield randomBytes(MB);
        throw new Error('connection cut');
      }
      await expect(store.put(id, cut())).rejects.toThrow('connection cut');
      expect(await leftOf(id)).toEqual(NOTHING);
    },
    60_000,
  );

  it.skipIf(skip)('deletes a file, and a second delete is no error', async () => {
    const { id } = await stored(store, randomBytes(300_000));
    await store.delete(id);
    expect(await leftOf(id)).toEqual(NOTHING);
    await store.delete(id);
  });

  it.skipIf(skip)('lets a download stop early and serves the next one', async () => {
    const bytes = randomBytes(2 * MB);
    const { id } = await stored(store, bytes);
    const stream = store.get(id);
    for await (const _piece of stream) break;
    expect(stream.destroyed).toBe(true);
    expect((await read(store, id, { start: MB, end: MB + 99 })).equals(bytes.subarray(MB, MB + 100))).toBe(true);
  });
});

describe.skipIf(!hasS3Server)('S3 set on a server whose files are in the database', () => {
  it('reads and deletes them where they are, and puts new files in the bucket', async () => {
    const before = createFileStore(database.db);
    const chunked = randomBytes(300_000);
    const old = await stored(before, chunked);
    const whole = randomBytes(200_000);
    const [legacy] = await database.db
      .insert(files)
      .values({ name: 'lama.bin', mime: 'application/octet-stream', size: whole.length, bytes: whole })
      .returning({ id: files.id });
    if (!legacy) throw new Error('no row');

    const after = createFileStore(database.db, s3?.location);
    expect((await read(after, old.id)).equals(chunked)).toBe(true);
    expect((await read(after, old.id, { start: 70_000, end: 140_000 })).equals(chunked.subarray(70_000, 140_001))).toBe(
      true,
    );
    expect((await read(after, legacy.id, { start: 10, end: 99_999 })).equals(whole.subarray(10, 100_000))).toBe(true);

    const fresh = await stored(after, randomBytes(1000));
    expect(await leftOf(fresh.id)).toEqual({ chunks: 0, objects: 1, pendingUploads: 0 });

    await after.delete(old.id);
    expect(await leftOf(old.id)).toEqual(NOTHING);
  });

  it('refuses to read a file in the bucket once S3_URL is unset, saying so', async () => {
    const inBucket = await stored(createFileStore(database.db, s3?.location), randomBytes(1000));
    await expect(read(createFileStore(database.db), inBucket.id)).rejects.toThrow(/'s3' store, which S3_URL no/);
  });

  it("aborts the multipart upload a dead process left when the file's row is swept", async () => {
    const store = createFileStore(database.db, s3?.location);
    const id = await newRow();
    await database.db.update(files).set({ location: 's3' }).where(eq(files.id, id));
    const client = s3?.client;
    if (!client || !s3) throw new Error('no S3');
    const begun = await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.location.bucket, Key: `files/${id}` }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: s3.location.bucket,
        Key: `files/${id}`,
        UploadId: begun.UploadId,
        PartNumber: 1,
        Body: randomBytes(5 * MB),
      }),
    );
    expect((await leftOf(id)).pendingUploads).toBe(1);
    await store.delete(id);
    expect(await leftOf(id)).toEqual(NOTHING);
  }, 60_000);
});

describe.skipIf(!hasS3Server)('a start with S3_URL', () => {
  it('passes with a bucket that exists', async () => {
    await expect(checkFileStoreConfig(s3?.location)).resolves.toBeUndefined();
  });

  it('stops with an error naming a bucket that does not exist', async () => {
    if (!s3) throw new Error('no S3');
    const refused = checkFileStoreConfig({ ...s3.location, bucket: 'tidak-ada' });
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(`S3_URL: the bucket 'tidak-ada' at ${s3.location.endpoint} does not exist`);
  });
});
