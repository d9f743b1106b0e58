/**
 * The S3-compatible file store (S3_URL), as Evolution API and WAHA keep media: each file one object, keyed
 * `<prefix><file id>`. An upload streams in parts of 5 MB (S3's smallest) one at a time through one buffer,
 * so that an upload holds one part in memory whatever the file's size (lib-storage's `Upload` held two, and
 * a 24 MB upload grew the process by 16 MB); a file smaller than a part is one PUT. A download is a GetObject, with the Range a browser
 * asked for, streamed to the socket as it arrives. The objects are private: every download still goes
 * through the signed, rate-limited `/api/file/{id}` (docs/security.md).
 *
 * The SDK is loaded on first use, so that a server without S3_URL never loads it.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { ConfigError, type S3Location } from '../../config.ts';
import type { ByteRange, FileStore, StoredContent } from '../../lib/file-store.ts';

/** S3's smallest part but the last: an upload buffers this much before it sends. */
const PART_BYTES = 5 * 1024 * 1024;
/** Bytes a download reads ahead of its socket. */
const READ_AHEAD_BYTES = 64 * 1024;

export interface S3FileStore extends FileStore {
  /** Stops the start with an error naming the bucket when it is missing or the keys may not use it. */
  check(): Promise<void>;
}

type Sdk = typeof import('@aws-sdk/client-s3');

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** What went wrong reaching the bucket, in the words an operator acts on. */
function bucketProblem(location: S3Location, error: unknown): string {
  const bucket = `the bucket '${location.bucket}' at ${location.endpoint}`;
  switch (statusOf(error)) {
    case 404:
      return `${bucket} does not exist: create it, or name another`;
    case 403:
    case 401:
      return `the keys given may not use ${bucket}`;
    case 301:
      return `${bucket} is in another region than '${location.region}': set ?region=`;
    default:
      return `${bucket} could not be reached: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function createS3FileStore(location: S3Location): S3FileStore {
  const { bucket } = location;
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: location.endpoint,
        region: location.region,
        forcePathStyle: location.forcePathStyle,
        credentials: location.credentials,
        // The SDK's default CRC32 on every request is refused by several S3-compatible servers: only where an
        // operation requires one. The file's own SHA-256 is kept on its row all the same.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return connection;
  };
  const keyOf = (fileId: number) => `${location.prefix}${fileId}`;

  async function* objectBytes(fileId: number, range: ByteRange | undefined): AsyncGenerator<Buffer> {
    if (range && range.start > range.end) return;
    const { sdk, client } = await connect();
    const answer = await client.send(
      new sdk.GetObjectCommand({
        Bucket: bucket,
        Key: keyOf(fileId),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`file ${fileId}: the S3 answer is not a stream`);
    // Returning early (a client gone) ends this loop, which destroys the body and frees its connection.
    for await (const piece of answer.Body) yield piece as Buffer;
  }

  /** Multipart uploads of the key never completed nor aborted: a process that died mid-upload leaves one. */
  async function abortPending(sdk: Sdk, client: S3Client, key: string): Promise<void> {
    const pending = await client.send(new sdk.ListMultipartUploadsCommand({ Bucket: bucket, Prefix: key }));
    for (const upload of pending.Uploads ?? []) {
      if (upload.Key !== key) continue;
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: upload.UploadId }));
    }
  }

  return {
    async check() {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new ConfigError(`Invalid configuration:\n  S3_URL: ${bucketProblem(location, error)}`);
      }
    },

    async put(fileId, source): Promise<StoredContent> {
      const { sdk, client } = await connect();
      const target = { Bucket: bucket, Key: keyOf(fileId) };
      const hash = createHash('sha256');
      let size = 0;
      // One part's buffer, filled and sent again and again: a part's request is done with it once awaited.
      const part = Buffer.allocUnsafe(PART_BYTES);
      let filled = 0;
      let uploadId: string | undefined;
      const sent: { ETag?: string; PartNumber: number }[] = [];
      const sendPart = async () => {
        uploadId ??= (await client.send(new sdk.CreateMultipartUploadCommand(target))).UploadId;
        const PartNumber = sent.length + 1;
        const body = part.subarray(0, filled);
        const { ETag } = await client.send(
          new sdk.UploadPartCommand({ ...target, UploadId: uploadId, PartNumber, Body: body }),
        );
        sent.push({ ETag, PartNumber });
        filled = 0;
      };
      try {
        for await (const received of source) {
          const bytes = asBuffer(received);
          hash.update(bytes);
          size += bytes.length;
          for (let at = 0; at < bytes.length; ) {
            const copied = bytes.copy(part, filled, at);
            filled += copied;
            at += copied;
            if (filled === PART_BYTES) await sendPart();
          }
        }
        if (uploadId === undefined) {
          // Smaller than a part: one PUT.
          await client.send(new sdk.PutObjectCommand({ ...target, Body: part.subarray(0, filled) }));
        } else {
          if (filled > 0) await sendPart();
          await client.send(
            new sdk.CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: sent } }),
          );
        }
      } catch (error) {
        // The parts sent are dropped, so that neither an object nor paid-for parts remain. Should the abort
        // fail too, the file service's clean-up deletes the file, which aborts what is still open of its key.
        if (uploadId !== undefined) {
          await client.send(new sdk.AbortMultipartUploadCommand({ ...target, UploadId: uploadId })).catch(() => {});
        }
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    },

    get(fileId, range) {
      return Readable.from(objectBytes(fileId, range), { objectMode: false, highWaterMark: READ_AHEAD_BYTES });
    },

    async delete(fileId) {
      const { sdk, client } = await connect();
      const key = keyOf(fileId);
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      await abortPending(sdk, client, key);
    },
  };
}
