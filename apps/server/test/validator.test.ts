/**
 * Validators against the simulator (spec part 2 §5, §7; DESIGN §5.9): an uploaded file's valid numbers
 * counted on upload with its bad rows skipped and counted, checked once each in file order with the hits
 * exactly the simulator's, live events on the owner's channel and `client-admin` naming the validator,
 * multipart edits without a file, and who sees what.
 */
import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { TLiveMessage } from '@sewablast/contract/live';
import { VALIDATOR_TEXT } from '@sewablast/contract/validator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, phoneNumbers, validatorResults, validators } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { linkAccount } from './job-helpers.ts';
import { multipartBody } from './multipart.ts';
import { openLive } from './ws.ts';

let t: TestApp;
let base: string;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
let account: Awaited<ReturnType<typeof linkAccount>>;

beforeAll(async () => {
  // A check that fails three times running stops its job (docs/decisions.md); these runs count exact
  // totals, so passing failures are left to job-faults.test.ts, which forces them.
  t = await buildTestApp({ secondMs: 1, simulator: { rates: { transient: 0 } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dev = await t.loginAs('dev');
  admin = await t.loginAs('admin');
  account = await linkAccount(t, admin, dev);
});
afterAll(() => t.close());

async function upload(
  who: { headers: Record<string, string> },
  file: { name: string; bytes: string } | undefined,
  fields: Record<string, string> = {},
  url = '/api/admin/validator/create',
  method: 'POST' | 'PUT' = 'POST',
) {
  const body = await multipartBody(
    { whatsapp_id: String(account.id), interval_min: '1', interval_max: '2', b_insert: 'true', ...fields },
    file,
  );
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const row = async (id: number) => {
  const [found] = await t.db.select().from(validators).where(eq(validators.id, id));
  if (!found) throw new Error('no validator');
  return found;
};

describe('a validator file', () => {
  it('counts the valid numbers of a 10 000-row file, bad rows and repeats skipped and counted', async () => {
    const lines = ['number,name'];
    let valid = 0;
    for (let i = 0; i < 10_000; i++) {
      if (i % 10 === 3) lines.push(`12${i},Salah`);
      else if (i % 10 === 7) lines.push(`62811${String(i - 1).padStart(7, '0')},Ulang`);
      else if (i % 10 === 9) lines.push('bukan nomor,');
      else {
        lines.push(`0811${String(i).padStart(7, '0')},Nama ${i}`);
        valid++;
      }
    }
    // Row i%10 === 7 repeats row i-1 (i%10 === 6), which is valid: a repeat in the file.
    const response = await upload(admin, { name: '../../etc/daftar nomor.csv', bytes: lines.join('\n') });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.total).toBe(valid);
    expect(answer.skipped).toBe(10_000 - valid);
    expect(answer.msg).toBe(VALIDATOR_TEXT.created);
    expect(answer.validator).toMatchObject({ total: valid, done: 0, cursor: 0, status: 'idle', b_insert: 1 });
    expect(answer.validator.fileName).toBe('daftar nomor.csv');
    expect(answer.validator.fileUrl).toMatch(/^\/api\/file\/\d+\?expires=/);
    const [stored] = await t.db.select().from(files).where(eq(files.id, answer.validator.file_id));
    expect(stored?.mime).toBe('text/csv');
  });

  it.each([
    [undefined, VALIDATOR_TEXT.fileRequired],
    [{ name: 'kosong.csv', bytes: 'number,name\nabc,Salah\n' }, VALIDATOR_TEXT.noNumbers],
    [{ name: 'rusak.json', bytes: '{"number": "628111"}' }, VALIDATOR_TEXT.badFile],
  ])('refuses %o on the file field', async (file, text) => {
    const response = await upload(admin, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.file).toBe(text);
  });

  it('refuses intervals out of order and an account that is not the owner’s', async () => {
    const file = { name: 'a.csv', bytes: '628111000001\n' };
    const order = await upload(admin, file, { interval_min: '3', interval_max: '2' });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors.interval_min).toBe('Interval minimal harus lebih kecil dari interval maksimal');
    const staff = await t.loginAs('staff');
    const notTheirs = await upload(staff, file);
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().errors.whatsapp_id).toBe(JOB_TEXT.whatsappNotYours);
  });
});

describe('a validator run', () => {
  it('checks each distinct number once in file order, keeps the simulator’s hits and says so live', async () => {
    const numbers = Array.from({ length: 150 }, (_, i) => `62812${String(5_000_000 + i * 7).padStart(7, '0')}`);
    const items = [
      ...numbers.map((number) => ({ number, name: 'x' })),
      { number: numbers[0], name: 'ulang' },
      { number: 'x' },
    ];
    const expected = numbers.filter((number) => t.simulator.exists(number));
    const own = await openLive(base, `id=client-${admin.user.id}&token=${admin.token}`);
    const everyone = await openLive(base, `id=client-admin&token=${dev.token}`);

    const created = await upload(admin, { name: 'nomor.json', bytes: JSON.stringify(items) });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().validator;
    expect(created.json()).toMatchObject({ total: 150, skipped: 2 });
    const checksBefore = t.simulator.checksBy(account.clientid);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/validator/start',
      headers: admin.headers,
      payload: { id },
    });
    expect(started.statusCode, started.body).toBe(200);

    // Edits wait for a stop, with a code the form can tell apart.
    const whileRunning = await upload(admin, undefined, { interval_max: '3' }, `/api/admin/validator/${id}`, 'PUT');
    expect(whileRunning.statusCode).toBe(409);
    expect(whileRunning.json().code).toBe('running');

    const mine = (message: TLiveMessage) => 'validatorId' in message.payload && message.payload.validatorId === id;
    await own.next('validating', mine);
    const finished = await own.next('finished', mine, 30_000);
    expect(finished.payload).toMatchObject({ state: 'finished', status: 'idle', progress: 100 });
    await everyone.next('finished', mine);
    expect(own.messages.some((message) => message.event === 'waiting' && mine(message))).toBe(true);
    const progress = own.messages.filter((message) => message.event === 'progressing' && mine(message));
    expect(progress.at(-1)?.payload).toMatchObject({ value: 150, target: 150, progress: 100 });
    const successes = own.all('count_success', mine);
    expect(successes.map((message) => message.payload.number)).toEqual(expected);
    own.close();
    everyone.close();

    const done = await row(id);
    expect(done).toMatchObject({ count_success: expected.length, count_fail: 150 - expected.length, cursor: 150 });
    expect(t.simulator.checksBy(account.clientid) - checksBefore).toBe(150);
    const hits = await t.db
      .select({ number: validatorResults.number })
      .from(validatorResults)
      .where(and(eq(validatorResults.validator_id, id), eq(validatorResults.exists, true)));
    expect(hits.map((hit) => hit.number).sort()).toEqual([...expected].sort());
    const listed = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.source, 'validator'));
    expect(listed.map((entry) => entry.number).sort()).toEqual([...expected].sort());

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/validator/download-result/${id}`,
      headers: admin.headers,
    });
    expect(download.headers['content-disposition']).toContain(VALIDATOR_TEXT.downloadName);
    const lines = download.body.trim().split('\r\n');
    expect(lines[0]).toBe('number,name,status');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
    // Names are empty: WhatsApp's number lookup gives none, and the simulator answers as it does.
    expect(lines.slice(1).every((line) => /^62\d+,,active$/.test(line))).toBe(true);

    const asJson = await t.app.inject({
      method: 'GET',
      url: `/api/admin/validator/download-result/${id}`,
      headers: { ...admin.headers, accept: 'application/json' },
    });
    expect(asJson.headers['content-type']).toContain('application/json');
    expect(asJson.json()).toEqual({ list: expected.map((number) => ({ number, name: '', status: 'active' })) });
  }, 60_000);

  it('edits a stopped validator without a file, and removes it with its file', async () => {
    const created = await upload(admin, { name: 'b.csv', bytes: '628111000001\n628111000002\n' });
    const { id, file_id } = created.json().validator;
    const edited = await upload(
      admin,
      undefined,
      { interval_min: '2', interval_max: '5', b_insert: '0' },
      `/api/admin/validator/${id}`,
      'PUT',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().validator).toMatchObject({ interval_min: 2, interval_max: 5, b_insert: 0, file_id });

    const member = await t.loginAs('member');
    expect((await upload(member, { name: 'c.csv', bytes: '628111000001\n' })).statusCode).toBe(403);
    const staff = await t.loginAs('staff');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/validator/list-per-page',
      headers: staff.headers,
    });
    expect(list.json().data).toEqual([]);
    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/validator/${id}`,
      headers: staff.headers,
    });
    expect(forbidden.statusCode).toBe(403);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/validator/${id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(files).where(eq(files.id, file_id))).toEqual([]);
  });
});
