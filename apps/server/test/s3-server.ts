/**
 * A throw-away S3-compatible server on a loopback port it picks as it binds, for the S3 file store's tests:
 * moto's server (`python3 -m moto.server`, in the machine image), which speaks S3 over HTTP as MinIO or AWS
 * do, multipart uploads, their abort and listing, and ranged reads included. s3rver, the npm one, answers an aborted
 * multipart upload 405, so what an abort leaves could not be tested against it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
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

/** The port moto's server bound (`-p 0` has the system pick one as it binds), read from its start-up line. */
function boundPort(server: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      const port = /Running on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (!port) return;
      // Its request log is read on and dropped: a full pipe would stall it.
      server.stdout?.off('data', read).resume();
      server.stderr?.off('data', read).resume();
      resolve(Number(port));
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.once('exit', (code) => reject(new Error(`moto's server exited with ${code}:\n${output}`)));
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
  const server = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that timed out never reaches its stop: the server goes with the test process all the same.
  const stopOnExit = () => server.kill();
  process.once('exit', stopOnExit);
  const port = await boundPort(server).catch((error) => {
    process.off('exit', stopOnExit);
    throw error;
  });
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
