/**
 * A throw-away S3-compatible server on a free loopback port, for the S3 file store's tests: moto's server
 * (`python3 -m moto.server`, in the machine image), which speaks S3 over HTTP as MinIO or AWS do, multipart
 * uploads, their abort and listing, and ranged reads included. s3rver, the npm one, answers an aborted
 * multipart upload 405, so what an abort leaves could not be tested against it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Location } from '../src/config.ts';

/**
 * Present in this machine image (pip's moto), which neither npm nor Debian can install; where it is missing the
 * S3 tests are skipped, and `.ci/run` prints which it was, so a run without them says so.
 */
export const hasS3Server = spawnSync('python3', ['-c', 'import moto.server'], { stdio: 'ignore' }).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface S3Server {
  /** A bucket made for the caller, as S3_URL would name it. */
  location: S3Location;
  client: S3Client;
  /** Whether the file's object exists. */
  holds(fileId: number): Promise<boolean>;
  /** Objects under the store's prefix, and multipart uploads begun and neither completed nor aborted. */
  contents(): Promise<{ objects: string[]; pendingUploads: string[] }>;
  stop(): void;
}

export async function startS3Server(bucket = 'sewablast-test'): Promise<S3Server> {
  const port = await freePort();
  const server = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  // A test that timed out never reaches its stop: the server goes with the test process all the same.
  const stopOnExit = () => server.kill();
  process.once('exit', stopOnExit);
  const location: S3Location = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    prefix: 'files/',
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
  };
  const client = new S3Client({ ...location, requestChecksumCalculation: 'WHEN_REQUIRED' });
  for (const until = Date.now() + 20_000; ; ) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      break;
    } catch (error) {
      if (Date.now() > until || server.exitCode !== null) {
        process.off('exit', stopOnExit);
        server.kill();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    location,
    client,
    async holds(fileId) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${location.prefix}${fileId}` }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    async contents() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: location.prefix }));
      const pending = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return {
        objects: (listed.Contents ?? []).map((object) => object.Key ?? ''),
        pendingUploads: (pending.Uploads ?? []).map((upload) => upload.Key ?? ''),
      };
    },
    stop() {
      process.off('exit', stopOnExit);
      client.destroy();
      server.kill();
    },
  };
}
