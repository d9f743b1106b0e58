/**
 * Generators against the simulator (spec part 2 §5, §7; DESIGN §5.9): a range checked once per number with
 * exact counts, the hits exactly the numbers the simulator's hash says exist, b_insert adding them once,
 * stop and start resuming without a second check, the one-job-per-account rule, the 'Forbidden' refusal of
 * a disconnected account, who sees what, and the download.
 */
import { GENERATOR_TEXT } from '@sewablast/contract/generator';
import { INTERVAL_ORDER_TEXT } from '@sewablast/contract/interval';
import { JOB_TEXT } from '@sewablast/contract/jobs';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorResults, generators, phoneNumbers, whatsappAccounts } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { linkAccount, until } from './job-helpers.ts';

let t: TestApp;
let dev: Awaited<ReturnType<TestApp['loginAs']>>;
let staff: Awaited<ReturnType<TestApp['loginAs']>>;
let account: Awaited<ReturnType<typeof linkAccount>>;

beforeAll(async () => {
  // A check that fails three times running stops its job (docs/decisions.md); these runs count exact
  // totals, so passing failures are left to job-faults.test.ts, which forces them.
  t = await buildTestApp({ secondMs: 1, simulator: { rates: { transient: 0 } } });
  dev = await t.loginAs('dev');
  staff = await t.loginAs('staff');
  account = await linkAccount(t, staff, dev);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: { headers: object }, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers as Record<string, string>, payload: payload as never });

async function create(who: { headers: object }, body: object) {
  const response = await call('POST', '/api/admin/generator/create', who, {
    whatsapp_id: account.id,
    interval_min: 1,
    interval_max: 2,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().generator as { id: number };
}

const row = async (id: number) => {
  const [found] = await t.db.select().from(generators).where(eq(generators.id, id));
  if (!found) throw new Error('no generator');
  return found;
};

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => String(from + i));

describe('a generator run', () => {
  it('checks every number of a 1 000-number range once and keeps exactly the ones the simulator says exist', async () => {
    const from = 628120000000;
    const numbers = range(from, 1000);
    const expected = numbers.filter((number) => t.simulator.exists(number));
    // Some of them are on the list already: b_insert skips those, and adds every other hit once.
    await t.db.insert(phoneNumbers).values(expected.slice(0, 5).map((number) => ({ number, name: 'Ada' })));
    const checksBefore = t.simulator.checksBy(account.clientid);

    const { id } = await create(staff, {
      start_number: `0${numbers[0]?.slice(2)}`,
      end_number: numbers.at(-1),
      b_insert: true,
    });
    const started = await call('POST', '/api/admin/generator/start', staff, { id });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().generator.status).toBe('sending');
    await until(async () => (await row(id)).state === 'finished', 60_000);

    const done = await row(id);
    expect(done.count_success + done.count_fail).toBe(1000);
    expect(done.count_success).toBe(expected.length);
    expect(done.progress).toBe(100);
    expect(done.status).toBe('stopped');
    expect(done.current_number).toBeNull();
    expect(t.simulator.checksBy(account.clientid) - checksBefore).toBe(1000);
    const hits = await t.db
      .select({ number: generatorResults.number })
      .from(generatorResults)
      .where(and(eq(generatorResults.generator_id, id), eq(generatorResults.exists, true)));
    expect(hits.map((hit) => hit.number).sort()).toEqual(expected);
    const all = await t.db.select().from(generatorResults).where(eq(generatorResults.generator_id, id));
    expect(all).toHaveLength(1000);

    const listed = await t.db
      .select({ number: phoneNumbers.number, source: phoneNumbers.source })
      .from(phoneNumbers)
      .where(and(gte(phoneNumbers.number, numbers[0] ?? ''), lte(phoneNumbers.number, numbers.at(-1) ?? '')));
    expect(listed.map((entry) => entry.number).sort()).toEqual(expected);
    expect(listed.filter((entry) => entry.source === 'generator')).toHaveLength(expected.length - 5);

    // A second generator over an overlapping range adds only the hits not listed yet.
    const second = await create(staff, { start_number: numbers[900], end_number: String(from + 1099), b_insert: true });
    await call('POST', '/api/admin/generator/start', staff, { id: second.id });
    await until(async () => (await row(second.id)).state === 'finished', 30_000);
    const wider = range(from, 1100).filter((number) => t.simulator.exists(number));
    const afterSecond = await t.db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .where(and(gte(phoneNumbers.number, numbers[0] ?? ''), lte(phoneNumbers.number, String(from + 1099))));
    expect(afterSecond.map((entry) => entry.number).sort()).toEqual(wider);

    // Starting a finished generator again checks nothing more.
    const again = await call('POST', '/api/admin/generator/start', staff, { id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'finished', msg: JOB_TEXT.alreadyFinished });

    const download = await call('GET', `/api/admin/generator/download-result/${id}`, staff);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(GENERATOR_TEXT.downloadName);
    const lines = download.body.trim().split('\r\n');
    expect(lines[0]).toBe('number,name,status');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected);
    expect(lines.slice(1).every((line) => line.endsWith(',active'))).toBe(true);

    // The spec's client reads `list` (an HTTP client's usual Accept); a browser's Accept still saves the CSV.
    const asJson = await t.app.inject({
      method: 'GET',
      url: `/api/admin/generator/download-result/${id}`,
      headers: { ...staff.headers, accept: 'application/json, text/plain, */*' },
    });
    expect(asJson.statusCode).toBe(200);
    expect(asJson.headers['content-type']).toContain('application/json');
    expect(asJson.headers['content-disposition']).toBeUndefined();
    expect(asJson.json()).toEqual({ list: expected.map((number) => ({ number, name: '', status: 'active' })) });
    const navigated = await t.app.inject({
      method: 'GET',
      url: `/api/admin/generator/download-result/${id}`,
      headers: { ...staff.headers, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(navigated.headers['content-type']).toContain('text/csv');
  }, 90_000);

  it('stops where it is and resumes there, no number checked twice', async () => {
    const from = 628130000000;
    const { id } = await create(staff, { start_number: String(from), end_number: String(from + 199) });
    const checksBefore = t.simulator.checksBy(account.clientid);
    await call('POST', '/api/admin/generator/start', staff, { id });
    await until(async () => {
      const job = await row(id);
      return job.count_success + job.count_fail >= 20;
    });
    const stopped = await call('POST', '/api/admin/generator/stop', staff, { id });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().generator.status).toBe('idle');
    const atStop = await row(id);
    const doneAtStop = atStop.count_success + atStop.count_fail;
    expect(atStop.current_number).toBe(String(from + doneAtStop - 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const still = await row(id);
    expect(still.count_success + still.count_fail).toBe(doneAtStop);
    expect(still.state).toBe('idle');

    // Edits wait for a stop; this one is stopped, so the pace may change (the range may not).
    const edited = await call('PUT', `/api/admin/generator/${id}`, staff, {
      whatsapp_id: account.id,
      interval_min: 1,
      interval_max: 1,
      b_insert: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().generator).toMatchObject({ interval_max: 1, start_number: String(from) });

    await call('POST', '/api/admin/generator/start', staff, { id });
    const running = await call('PUT', `/api/admin/generator/${id}`, staff, {
      whatsapp_id: account.id,
      interval_min: 1,
      interval_max: 2,
    });
    expect(running.statusCode).toBe(409);
    // An edit's refusal repeats `msg` as `error` too, though the call's other failures do not.
    expect(running.json()).toEqual({ msg: JOB_TEXT.runningEdit, error: JOB_TEXT.runningEdit, code: 'running' });
    await until(async () => (await row(id)).state === 'finished', 30_000);
    const done = await row(id);
    expect(done.count_success + done.count_fail).toBe(200);
    expect(t.simulator.checksBy(account.clientid) - checksBefore).toBe(200);
    const results = await t.db.select().from(generatorResults).where(eq(generatorResults.generator_id, id));
    expect(results).toHaveLength(200);
  }, 60_000);
});

describe('starting', () => {
  it('refuses a second job on a busy account with what it is busy with, and a blast too', async () => {
    const first = await create(staff, { start_number: '628140000000', end_number: '628140009999' });
    const second = await create(staff, { start_number: '628150000000', end_number: '628150000010' });
    expect((await call('POST', '/api/admin/generator/start', staff, { id: first.id })).statusCode).toBe(200);
    const busy = await call('POST', '/api/admin/generator/start', staff, { id: second.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: 'busy',
      msg: JOB_TEXT.busyGenerator(first.id),
      error: JOB_TEXT.busyGenerator(first.id),
    });
    // Staff do not blast; a dev may start one on anybody's account, and is refused the same way.
    const blast = await call('POST', '/api/admin/whatsapp/start-blasting', dev, { whatsappClientId: account.clientid });
    expect(blast.statusCode).toBe(409);
    expect(blast.json().msg).toBe(JOB_TEXT.busyGenerator(first.id));
    await call('POST', '/api/admin/generator/stop', staff, { id: first.id });

    // The other way round: a blasting account refuses a generator.
    await t.db.update(whatsappAccounts).set({ blasting: true }).where(eq(whatsappAccounts.id, account.id));
    const whileBlasting = await call('POST', '/api/admin/generator/start', staff, { id: second.id });
    expect(whileBlasting.statusCode).toBe(409);
    expect(whileBlasting.json()).toMatchObject({ code: 'busy', msg: JOB_TEXT.busyBlast });
    await t.db.update(whatsappAccounts).set({ blasting: false }).where(eq(whatsappAccounts.id, account.id));
  });

  it("answers 'Forbidden' when the account is not connected", async () => {
    const other = await linkAccount(t, staff, dev);
    const job = await create(staff, {
      whatsapp_id: other.id,
      start_number: '628160000000',
      end_number: '628160000010',
    });
    for (const state of ['disconnected', 'unknown', 'loggedOut', 'conflict']) {
      await t.db.update(whatsappAccounts).set({ state }).where(eq(whatsappAccounts.id, other.id));
      const refused = await call('POST', '/api/admin/generator/start', staff, { id: job.id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        msg: JOB_TEXT.disconnected,
        error: JOB_TEXT.disconnected,
        code: 'disconnected',
      });
    }
    expect((await row(job.id)).status).toBe('stopped');
  });

  it('stops a job that waits for its account, which has no run to say so', async () => {
    const other = await linkAccount(t, staff, dev);
    const job = await create(staff, {
      whatsapp_id: other.id,
      start_number: '628161000000',
      end_number: '628161000010',
    });
    await t.db.update(whatsappAccounts).set({ state: 'disconnected' }).where(eq(whatsappAccounts.id, other.id));
    await t.db.update(generators).set({ status: 'running', state: 'reconnecting' }).where(eq(generators.id, job.id));
    const stopped = await call('POST', '/api/admin/generator/stop', staff, { id: job.id });
    expect(stopped.statusCode).toBe(200);
    expect(await row(job.id)).toMatchObject({ status: 'stopped', state: 'idle' });
  });
});

describe('the form', () => {
  it.each([
    [{ start_number: '628170000010', end_number: '628170000000' }, 'start_number', GENERATOR_TEXT.order],
    [{ start_number: '628170000000', end_number: '628171000000' }, 'end_number', GENERATOR_TEXT.tooMany],
    [{ start_number: '12345', end_number: '628170000000' }, 'start_number', GENERATOR_TEXT.badNumber],
    [{ start_number: '', end_number: '628170000000' }, 'start_number', GENERATOR_TEXT.startRequired],
    [{ interval_min: 5, interval_max: 2 }, 'interval_min', INTERVAL_ORDER_TEXT],
  ])('refuses %o with its text on %s', async (fields, field, text) => {
    const response = await call('POST', '/api/admin/generator/create', staff, {
      whatsapp_id: account.id,
      start_number: '628170000000',
      end_number: '628170000100',
      interval_min: 1,
      interval_max: 2,
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(text);
  });

  it("takes only the owner's own accounts", async () => {
    const admin = await t.loginAs('admin');
    const response = await call('POST', '/api/admin/generator/create', admin, {
      whatsapp_id: account.id,
      start_number: '628170000000',
      end_number: '628170000100',
      interval_min: 1,
      interval_max: 2,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.whatsapp_id).toBe(JOB_TEXT.whatsappNotYours);
  });
});

describe('who sees what', () => {
  it('shows staff and admins their own jobs, devs everyone’s, and members nothing', async () => {
    const mine = await create(staff, { start_number: '628180000000', end_number: '628180000005' });
    const otherStaff = await t.loginAs('staff');
    const admin = await t.loginAs('admin');
    const member = await t.loginAs('member');

    const own = await call('GET', `/api/admin/generator/list-per-page?page=1&user_id=${staff.user.id}`, staff);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.every((job: { user_id: number }) => job.user_id === staff.user.id)).toBe(true);
    expect(own.json().data[0]).toMatchObject({
      id: mine.id,
      Whatsapp: { id: account.id, clientid: account.clientid, state: 'connected' },
      b_insert: 0,
      total: 6,
      status: 'idle',
    });

    for (const outsider of [otherStaff, admin]) {
      const list = await call('GET', '/api/admin/generator/list-per-page?page=1', outsider);
      expect(list.json().data).toEqual([]);
      expect((await call('GET', `/api/admin/generator/${mine.id}`, outsider)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/generator/start', outsider, { id: mine.id })).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/generator/download-result/${mine.id}`, outsider)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/generator/${mine.id}`, outsider)).statusCode).toBe(403);
      const theirs = await call('GET', `/api/admin/generator/list-per-page?user_id=${staff.user.id}`, outsider);
      expect(theirs.statusCode).toBe(403);
    }

    const everyone = await call('GET', '/api/admin/generator/list-per-page?page=1&limit=100', dev);
    expect(everyone.json().data.some((job: { id: number }) => job.id === mine.id)).toBe(true);
    expect((await call('GET', `/api/admin/generator/${mine.id}`, dev)).statusCode).toBe(200);

    expect((await call('GET', '/api/admin/generator/list-per-page', member)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/generator/${mine.id}`, member)).statusCode).toBe(403);

    const searched = await call(
      'GET',
      `/api/admin/generator/list-per-page?search=${account.phonenumber?.slice(0, 6)}`,
      staff,
    );
    expect(searched.json().data.length).toBeGreaterThan(0);
    const missed = await call('GET', '/api/admin/generator/list-per-page?search=zzzz-nobody', staff);
    expect(missed.json().data).toEqual([]);
    const finished = await call('GET', '/api/admin/generator/list-per-page?status=finished&limit=100', staff);
    expect(finished.json().data.every((job: { state: string }) => job.state === 'finished')).toBe(true);

    const removed = await call('DELETE', `/api/admin/generator/${mine.id}`, staff);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/generator/${mine.id}`, dev)).statusCode).toBe(404);
  });
});
