/**
 * Files stored and served as streams (DESIGN §9): a large upload goes into the store chunk by chunk and comes
 * back byte for byte from its signed URL, without the process holding it; a range of it; a file stored whole
 * before chunking still reads; a validator counts a large stored CSV as it did from memory; deleting a template
 * or a validator takes its chunks; an upload cut off leaves no row; and each client address has a share of
 * downloads. Uploads here stream over real HTTP, as a browser's do, rather than through `inject`, which
 * holds a whole body. All of it twice: with the database as the store, and with S3_URL set, on a real
 * S3-compatible server (test/s3-server.ts).
 */

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { INPUT_TEXT } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileChunks, files, validatorResults } from '../src/db/schema.ts';
import { MediaFiles } from '../src/engine/blast/blast-take.ts';
import { readFileNumbers } from '../src/lib/file-numbers.ts';
import { CHUNK_BYTES_WRITTEN } from '../src/modules/file/database-store.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { linkAccount, until } from './job-helpers.ts';
import { hasS3Server, type S3Server, startS3Server } from './s3-server.ts';

const run = promisify(execFile);
const MB = 1024 * 1024;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
/** The bucket of the S3 round, null in the database's. */
let s3: S3Server | null = null;

/** A PNG-headed file of `size` random bytes, made a piece at a time, and its SHA-256 once it is all made. */
function randomFile(size: number) {
  const hash = createHash('sha256');
  function* pieces(): Generator<Buffer> {
    for (let made = 0; made < size; ) {
      const piece = randomBytes(Math.min(64 * 1024, size - made));
      if (made === 0) PNG.copy(piece);
      hash.update(piece);
      made += piece.length;
      yield piece;
    }
  }
  return { pieces: pieces(), sha256: () => hash.digest('hex') };
}

interface StreamedUpload {
  fields: Record<string, string>;
  filename: string;
  pieces: Iterable<Buffer>;
  /** Cut the connection once this many bytes of the file are sent and `before` resolves. */
  cutAfter?: { bytes: number; before: () => Promise<void> };
}

/** A multipart form sent piece by piece (chunked), the way a browser streams a large file. */
async function streamForm(path: string, headers: Record<string, string>, form: StreamedUpload) {
  const boundary = `----sewablast${randomBytes(8).toString('hex')}`;
  const request = http.request(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        body += text;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  const send = async (bytes: Buffer | string) => {
    if (!request.write(bytes)) await once(request, 'drain');
  };
  for (const [name, value] of Object.entries(form.fields))
    await send(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  await send(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${form.filename}"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  let sent = 0;
  for (const piece of form.pieces) {
    await send(piece);
    sent += piece.length;
    if (form.cutAfter && sent >= form.cutAfter.bytes) {
      await form.cutAfter.before();
      request.destroy();
      return answer.catch(() => ({ status: 0, body: 'cut' }));
    }
  }
  request.end(`\r\n--${boundary}--\r\n`);
  return answer;
}

/** Reads a download as it comes, keeping only its size and hash. */
function download(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; size: number; sha256: string }>(
    (resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (response) => {
          const hash = createHash('sha256');
          let size = 0;
          response.on('data', (piece: Buffer) => {
            hash.update(piece);
            size += piece.length;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, size, sha256: hash.digest('hex') }),
          );
        })
        .on('error', reject);
    },
  );
}

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The most the heap and the buffers grew over what they held before, while `work` ran (collected each look). */
async function growthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  // A collection frees buffers' memory on a background thread, finished by the next one: hence two.
  const footprint = () => {
    gc();
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const before = footprint();
  let peak = before;
  // A full collection takes a good part of this; looking more often would only slow the work down.
  const look = setInterval(() => {
    peak = Math.max(peak, footprint());
  }, 1000);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, footprint()) - before };
  } finally {
    clearInterval(look);
  }
}

const chunksOf = async (fileId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(fileChunks).where(eq(fileChunks.file_id, fileId)))[0]?.n ??
  0;

/** How a file of `size` bytes is held: 64 KB chunks in the database, or one object in the bucket and no chunk. */
async function expectStored(fileId: number, size: number) {
  if (s3) {
    expect(await chunksOf(fileId)).toBe(0);
    expect(await s3.holds(fileId)).toBe(true);
  } else {
    expect(await chunksOf(fileId)).toBe(Math.ceil(size / CHUNK_BYTES_WRITTEN));
  }
}

/** Nothing of the file left anywhere: no chunk, no object, no multipart upload still open. */
async function expectGone(fileId: number) {
  expect(await chunksOf(fileId)).toBe(0);
  if (s3) {
    const { objects, pendingUploads } = await s3.contents();
    expect([...objects, ...pendingUploads]).not.toContain(`files/${fileId}`);
  }
}

/** Part of an upload under way is in the store: some chunks, or an S3 part sent. */
async function partlyStored(fileId: number) {
  if (!s3) return (await chunksOf(fileId)) > 0;
  return (await s3.contents()).pendingUploads.includes(`files/${fileId}`);
}

/** Runs test/file-client.mjs, a client in a process of its own, and reads what it printed. */
async function fileClient<T>(command: 'upload' | 'download', url: string, args: string[]): Promise<T> {
  const client = fileURLToPath(new URL('./file-client.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [client, command, url, ...args], { maxBuffer: 16 * MB });
  return JSON.parse(stdout) as T;
}

const fileIdOf = (url: string) => Number(/\/api\/file\/(\d+)/.exec(url)?.[1]);

async function createTemplate(size: number) {
  const file = randomFile(size);
  const answer = await streamForm('/api/admin/message/create', admin.headers, {
    fields: { text: '<p>Promo besar</p>' },
    filename: 'promo.png',
    pieces: file.pieces,
  });
  expect(answer.status, answer.body).toBe(200);
  const message = JSON.parse(answer.body).message as { id: number; media: string };
  return { message, sha256: file.sha256() };
}

// Without an S3 server on this machine (outside CI), the database's round alone.
describe.each(hasS3Server ? ['database', 's3'] : ['database'])('with files in the %s', (store) => {
  beforeAll(async () => {
    s3 = store === 's3' ? await startS3Server() : null;
    t = await buildTestApp({ secondMs: 1, simulator: { rates: { transient: 0 } }, s3: s3?.location });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.loginAs('admin');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    s3?.stop();
    s3 = null;
  });

  describe('a large file', () => {
    it('round-trips byte for byte through upload, the store and its signed URL, with a range of it', async () => {
      const size = 15 * MB + 12_345;
      const { message, sha256 } = await createTemplate(size);
      await expectStored(fileIdOf(message.media), size);
      const whole = await download(message.media);
      expect(whole).toMatchObject({ status: 200, size, sha256 });
      expect(whole.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(size),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });

      // A <video> seeking: a range across a chunk boundary, and the file's last bytes.
      const part = await t.app.inject({ method: 'GET', url: message.media, headers: { range: 'bytes=262100-262199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 262100-262199/${size}`);
      expect(part.rawPayload.length).toBe(100);
      const tail = await t.app.inject({ method: 'GET', url: message.media, headers: { range: 'bytes=-10' } });
      expect(tail.rawPayload.length).toBe(10);
      const beyond = await t.app.inject({ method: 'GET', url: message.media, headers: { range: `bytes=${size}-` } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
      expect(beyond.json()).toEqual({ msg: SERVER_TEXT.rangeOutsideFile });
    }, 120_000);

    it('is stored, counted and served without the process holding it', async () => {
      const dev = await t.loginAs('dev');
      const account = await linkAccount(t, admin, dev);
      const size = 24 * MB;
      const fields = { whatsapp_id: String(account.id), interval_min: '1', interval_max: '2', b_insert: 'false' };
      const stored = await growthDuring(() =>
        fileClient<{ status: number; body: string; rows: number; sha256: string }>(
          'upload',
          `${base}/api/admin/validator/create`,
          [JSON.stringify(admin.headers), JSON.stringify(fields), String(size)],
        ),
      );
      expect(stored.result.status, stored.result.body).toBe(200);
      const created = JSON.parse(stored.result.body) as { validator: { fileUrl: string }; total: number };
      expect(created.total).toBe(stored.result.rows);
      expect(stored.growth).toBeLessThan(size / 3);
      // Each download holds a chunk or two on its way (about 3 MB): two at once stay far below the file.
      const served = await growthDuring(() =>
        fileClient<{ status: number; sha256: string }[]>('download', `${base}${created.validator.fileUrl}`, ['2']),
      );
      expect(served.result.map((copy) => copy.sha256)).toEqual(Array(2).fill(stored.result.sha256));
      expect(served.growth).toBeLessThan(size / 3);
    }, 180_000);

    it('stored whole before files were chunked still reads, whole and in ranges', async () => {
      const bytes = Buffer.concat([PNG, randomBytes(700_000)]);
      const [legacy] = await t.db
        .insert(files)
        .values({ name: 'lama.png', mime: 'image/png', size: bytes.length, bytes })
        .returning({ id: files.id });
      if (!legacy) throw new Error('no file');
      const url = t.services.files.signedUrl(legacy.id);
      const whole = await download(url);
      expect(whole).toMatchObject({ status: 200, size: bytes.length });
      expect(whole.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=300000-600000' } });
      expect(part.rawPayload.equals(bytes.subarray(300_000, 600_001))).toBe(true);
    });
  });

  describe('the engine', () => {
    it('gathers a template medium whole from its chunks, to send it', async () => {
      const bytes = Buffer.concat([PNG, randomBytes(3 * CHUNK_BYTES_WRITTEN + 1234)]);
      const stored = await t.services.messages.storeMedia(Readable.from([bytes]), 'kirim.png', admin.user.id);
      if (!stored) throw new Error('no media');
      const media = await new MediaFiles(t.db, t.services.fileStore).of(stored.id);
      expect(media?.mime).toBe('image/png');
      expect(media?.bytes.equals(bytes)).toBe(true);
    });
  });

  describe('a validator over a large stored CSV', () => {
    it('counts what the same file counts read from memory, is run from the store in file order, and goes with its bytes', async () => {
      const dev = await t.loginAs('dev');
      const account = await linkAccount(t, admin, dev);
      const lines = ['number,name'];
      for (let i = 0; i < 120_000; i++) {
        if (i % 11 === 5) lines.push(`bukan nomor ${i},`);
        else if (i % 13 === 7) lines.push(`0811${String(i - 1).padStart(7, '0')},Ulang "${i}"`);
        else lines.push(`0811${String(i).padStart(7, '0')},"Nama, ke-${i}"`);
      }
      const csv = Buffer.from(lines.join('\r\n'));
      expect(csv.length).toBeGreaterThan(10 * CHUNK_BYTES_WRITTEN);
      const expected = await readFileNumbers(csv);
      const pieces = Array.from({ length: Math.ceil(csv.length / 50_000) }, (_, i) =>
        csv.subarray(i * 50_000, (i + 1) * 50_000),
      );
      const answer = await streamForm('/api/admin/validator/create', admin.headers, {
        fields: { whatsapp_id: String(account.id), interval_min: '1', interval_max: '2', b_insert: 'false' },
        filename: 'nomor.csv',
        pieces,
      });
      expect(answer.status, answer.body).toBe(200);
      const created = JSON.parse(answer.body) as {
        validator: { id: number; file_id: number };
        total: number;
        skipped: number;
      };
      expect({ total: created.total, skipped: created.skipped }).toEqual({
        total: expected.numbers.length,
        skipped: expected.skipped,
      });
      const fromStore = await readFileNumbers(t.services.files.open(created.validator.file_id));
      expect(fromStore.numbers).toEqual(expected.numbers);

      const fileId = created.validator.file_id;
      await expectStored(fileId, csv.length);

      // The run reads the file from the store too (the engine's, the same one), in file order.
      const command = (action: 'start' | 'stop') =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/validator/${action}`,
          headers: admin.headers,
          payload: { id: created.validator.id },
        });
      const checked = async () =>
        (
          await t.db
            .select({ number: validatorResults.number })
            .from(validatorResults)
            .where(eq(validatorResults.validator_id, created.validator.id))
            .orderBy(asc(validatorResults.id))
        ).map((result) => result.number);
      expect((await command('start')).statusCode).toBe(200);
      await until(async () => (await checked()).length >= 3, 30_000);
      expect((await command('stop')).statusCode).toBe(200);
      const first = await checked();
      expect(first).toEqual(expected.numbers.slice(0, first.length));

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/validator/${created.validator.id}`,
        headers: admin.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      await expectGone(fileId);
      expect(await t.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    }, 120_000);
  });

  describe('stored files go with what holds them', () => {
    it('deleting a template removes its chunks', async () => {
      const { message } = await createTemplate(MB);
      const fileId = fileIdOf(message.media);
      await expectStored(fileId, MB);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/message/${message.id}`,
        headers: admin.headers,
      });
      expect(removed.statusCode).toBe(200);
      await expectGone(fileId);
    });

    it('an upload cut off midway, or refused after it was stored, leaves no row and no chunk', async () => {
      const incomplete = async () =>
        (await t.db.select({ id: files.id }).from(files).where(eq(files.complete, false))).map((row) => row.id);
      const filesBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(files);
      const cut = await streamForm('/api/admin/message/create', admin.headers, {
        fields: { text: '<p>Terputus</p>' },
        filename: 'putus.png',
        pieces: randomFile(12 * MB).pieces,
        // Cut once the store holds part of it, so that the half-file is really there to be cleaned: past
        // S3's first part of 5 MB.
        cutAfter: {
          bytes: 7 * MB,
          before: () =>
            until(async () => {
              const [pending] = await incomplete();
              return pending !== undefined && (await partlyStored(pending));
            }),
        },
      });
      expect(cut.status).toBe(0);
      await until(async () => (await incomplete()).length === 0);

      // Stored whole, then refused: a template needs a known status.
      const refused = await streamForm('/api/admin/message/create', admin.headers, {
        fields: { text: '<p>Salah</p>', status: 'kadang' },
        filename: 'salah.png',
        pieces: randomFile(MB).pieces,
      });
      expect(refused.status).toBe(400);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(files)).toEqual(filesBefore);
      const [orphans] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(fileChunks)
        .where(
          sql`not exists (select 1 from ${files} where ${files.id} = ${fileChunks.file_id} and ${files.complete})`,
        );
      expect(orphans?.n).toBe(0);
      if (s3) {
        const { objects, pendingUploads } = await s3.contents();
        expect(pendingUploads).toEqual([]);
        const complete = await t.db.select({ id: files.id }).from(files).where(eq(files.complete, true));
        expect(objects.filter((key) => !complete.some((row) => key === `files/${row.id}`))).toEqual([]);
      }
    });

    it('an upload left incomplete by a process that died is swept away by the next one', async () => {
      const [dead] = await t.db
        .insert(files)
        .values({
          name: 'mati.png',
          mime: 'image/png',
          size: 0,
          complete: false,
          created_at: new Date(Date.now() - 2 * 3600_000),
        })
        .returning({ id: files.id });
      if (!dead) throw new Error('no file');
      await t.db.insert(fileChunks).values({ file_id: dead.id, position: 0, data: PNG });
      await createTemplate(1000);
      expect(
        await t.db
          .select()
          .from(files)
          .where(and(eq(files.id, dead.id))),
      ).toEqual([]);
      expect(await chunksOf(dead.id)).toBe(0);
    });
  });

  describe('a signed URL taken apart (attack pass)', () => {
    it('without its signature, or with it twice, is a 400 in the user’s words', async () => {
      for (const query of ['expires=4102444800', 'expires=4102444800&signature=a&signature=b']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/file/1?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: INPUT_TEXT.badUrl, errors: { signature: INPUT_TEXT.badUrl } });
      }
    });
  });
});

describe('downloads of one client address', () => {
  let limited: TestApp;
  let limitedBase: string;
  let mediaUrl: string;

  beforeAll(async () => {
    limited = await buildTestApp({ config: { FILE_DOWNLOADS_PER_MINUTE: 3, FILE_DOWNLOADS_IN_FLIGHT: 1 } });
    limitedBase = await limited.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await limited.loginAs('admin');
    const stored = await limited.services.messages.storeMedia(
      Readable.from(randomFile(12 * MB).pieces),
      'besar.png',
      owner.user.id,
    );
    const message = await limited.services.messages.create(
      { text: '<p>x</p>', buttons: [], status: 'active', removeMedia: false },
      stored,
    );
    if (!message.media) throw new Error('no media');
    mediaUrl = message.media;
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the downloads at once, and past the downloads a minute', async () => {
    // A download the client is slow to read stays in flight: the second at once is refused.
    const slow = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${limitedBase}${mediaUrl}`, resolve).on('error', reject);
    });
    slow.pause();
    expect(slow.statusCode).toBe(200);
    const second = await limited.app.inject({ method: 'GET', url: mediaUrl });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(second.json().msg).toBeTruthy();
    slow.destroy();
    await until(
      async () =>
        (await limited.app.inject({ method: 'GET', url: mediaUrl, headers: { range: 'bytes=0-9' } })).statusCode ===
        206,
    );

    // Three a minute: the slow one and the range were two, one more goes, then 429.
    const third = await limited.app.inject({ method: 'GET', url: mediaUrl, headers: { range: 'bytes=0-9' } });
    expect(third.statusCode).toBe(206);
    const fourth = await limited.app.inject({ method: 'GET', url: mediaUrl, headers: { range: 'bytes=0-9' } });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });
});
