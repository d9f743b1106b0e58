/**
 * Validator runs over the files operators bring (spec part 2 §5, §7; DESIGN §5.9, §6): a stop and a start
 * resume at the file cursor with nothing checked twice and nothing skipped, an Excel workbook is read and
 * run like a CSV, and a large file with bad rows among its numbers is walked to the end with exact counts.
 */

import { and, asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, phoneNumbers, validatorResults, validators } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { linkAccount, until } from './job-helpers.ts';
import { multipartBody } from './multipart.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
let account: Awaited<ReturnType<typeof linkAccount>>;

beforeAll(async () => {
  // A check that fails three times running stops its job (docs/decisions.md): these runs count exact totals,
  // so passing failures are left to job-faults.test.ts. A second of pause is 1 ms here.
  t = await buildTestApp({ secondMs: 1, simulator: { rates: { transient: 0 } } });
  const dev = await t.loginAs('dev');
  admin = await t.loginAs('admin');
  account = await linkAccount(t, admin, dev);
});
afterAll(() => t.close());

async function create(file: { name: string; bytes: Buffer | string; type?: string }, bInsert = false) {
  const body = await multipartBody(
    {
      whatsapp_id: String(account.id),
      interval_min: '1',
      interval_max: '1',
      b_insert: bInsert ? '1' : '0',
    },
    file,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/validator/create',
    headers: { ...admin.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { validator: { id: number; file_id: number }; total: number; skipped: number };
}

const command = (action: 'start' | 'stop', id: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/validator/${action}`, headers: admin.headers, payload: { id } });

const row = async (id: number) => {
  const [found] = await t.db.select().from(validators).where(eq(validators.id, id));
  if (!found) throw new Error('no validator');
  return found;
};
const done = (job: { count_success: number; count_fail: number }) => job.count_success + job.count_fail;

/** The numbers the job has checked, in the order it checked them. */
const checked = async (id: number) =>
  (
    await t.db
      .select({ number: validatorResults.number })
      .from(validatorResults)
      .where(eq(validatorResults.validator_id, id))
      .orderBy(asc(validatorResults.id))
  ).map((result) => result.number);

async function runToTheEnd(id: number, ms: number) {
  expect((await command('start', id)).statusCode).toBe(200);
  await until(async () => (await row(id)).state === 'finished', ms);
}

/** The job checked exactly `numbers`, in that order, once each, and found exactly the simulator's hits. */
async function expectChecked(id: number, numbers: string[]) {
  const expected = numbers.filter((number) => t.simulator.exists(number));
  expect(await checked(id)).toEqual(numbers);
  expect(await row(id)).toMatchObject({
    state: 'finished',
    cursor: numbers.length,
    count_success: expected.length,
    count_fail: numbers.length - expected.length,
    progress: 100,
  });
  const hits = await t.db
    .select({ number: validatorResults.number })
    .from(validatorResults)
    .where(and(eq(validatorResults.validator_id, id), eq(validatorResults.exists, true)))
    .orderBy(asc(validatorResults.id));
  expect(hits.map((hit) => hit.number)).toEqual(expected);
  return expected;
}

describe('a validator stopped and started again', () => {
  it('resumes at its cursor: nothing checked twice, nothing skipped, in file order', async () => {
    // Valid numbers in an order of their own, with bad rows and repeats between them.
    const numbers = Array.from({ length: 120 }, (_, i) => `6281370${String((i * 7919) % 100_000).padStart(5, '0')}`);
    const lines = ['number,name'];
    numbers.forEach((number, i) => {
      lines.push(`${number},Nama ${i}`);
      if (i % 9 === 4) lines.push('12345,Salah');
      if (i % 13 === 6) lines.push(`${numbers[i - 1]},Ulang`);
    });
    const created = await create({ name: 'urut.csv', bytes: lines.join('\n') });
    expect(created.total).toBe(120);
    const { id } = created.validator;
    const checksBefore = t.simulator.checksBy(account.clientid);

    expect((await command('start', id)).statusCode).toBe(200);
    await until(async () => done(await row(id)) >= 20);
    const stopped = await command('stop', id);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().validator.status).toBe('idle');
    const atStop = await row(id);
    // The cursor is the count checked, and exactly the file's first numbers are checked.
    expect(atStop.cursor).toBe(done(atStop));
    expect(await checked(id)).toEqual(numbers.slice(0, atStop.cursor));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await row(id)).toMatchObject({ state: 'idle', cursor: atStop.cursor });

    await runToTheEnd(id, 30_000);
    await expectChecked(id, numbers);
    expect(t.simulator.checksBy(account.clientid) - checksBefore).toBe(120);
  }, 60_000);
});

describe('a validator over an Excel workbook', () => {
  it("reads the first sheet's numbers, typed as numbers or as text, skips its bad rows, and runs them", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Daftar');
    sheet.addRow(['Nomor', 'Nama']);
    for (let i = 0; i < 30; i++) sheet.addRow([6281380000000 + i * 3, `Nama ${i}`]);
    sheet.addRow(['081380000090', 'Teks']);
    sheet.addRow(['bukan nomor', 'Salah']);
    sheet.addRow([6281380000003, 'Ganda']);
    workbook.addWorksheet('Catatan').addRow([6281389999999, 'Lain']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const created = await create({ name: 'daftar.xlsx', bytes, type: XLSX_TYPE }, true);
    expect(created).toMatchObject({ total: 31, skipped: 2 });
    const [stored] = await t.db.select().from(files).where(eq(files.id, created.validator.file_id));
    expect(stored).toMatchObject({ name: 'daftar.xlsx', mime: XLSX_TYPE });

    const { id } = created.validator;
    await runToTheEnd(id, 30_000);
    const numbers = [...Array.from({ length: 30 }, (_, i) => String(6281380000000 + i * 3)), '6281380000090'];
    const expected = await expectChecked(id, numbers);
    // b_insert: the hits join the phone number list, as the validator's.
    const listed = await t.db
      .select({ number: phoneNumbers.number, source: phoneNumbers.source })
      .from(phoneNumbers)
      .where(inArray(phoneNumbers.number, numbers));
    expect(listed.map((entry) => entry.number).sort()).toEqual([...expected].sort());
    expect(listed.every((entry) => entry.source === 'validator')).toBe(true);
  }, 60_000);
});

/**
 * 10 000 rows: a header, then numbers written as 08…, +62 … and 62…, among repeats, foreign and short
 * numbers, words and empty cells. Each check is one transaction, so one row in twelve is a number to check
 * (833 of them); the reading, the skipping and the cursor still run over every row.
 */
const ROWS = 10_000;

const localOf = (i: number) => `81390${String(i).padStart(6, '0')}`;

/** Row `i` of the file, and the number it adds to the checks, if any. */
function fileRow(i: number): { line: string; number?: string } {
  const local = localOf(i);
  const forms = [`0${local}`, `+62 ${local.slice(0, 3)}-${local.slice(3)}`, `62${local}`];
  switch (i % 12) {
    case 0:
      return { line: `${forms[(i / 12) % 3]},Nama ${i}`, number: `62${local}` };
    case 1:
      return { line: `0${localOf(i - 1)},Ulang` };
    case 2:
    case 7:
      return { line: `5${local},Bukan Indonesia` };
    case 3:
    case 8:
      return { line: `08${i},Terlalu pendek` };
    case 4:
    case 9:
      return { line: ',' };
    case 5:
    case 10:
      return { line: `nomor ${i},Salah` };
    default:
      return { line: `62${local}99999,Terlalu panjang` };
  }
}

describe('a validator over a large file with bad rows', () => {
  it(`checks every distinct valid number of a ${ROWS}-row file once, in file order`, async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => fileRow(i));
    const numbers = rows.flatMap((row) => (row.number ? [row.number] : []));
    const created = await create(
      { name: 'ekspor.csv', bytes: ['No HP,Nama', ...rows.map((row) => row.line)].join('\r\n') },
      true,
    );
    expect(created.total).toBe(numbers.length);
    expect(created.skipped).toBe(ROWS - numbers.length);

    const { id } = created.validator;
    await runToTheEnd(id, 90_000);
    await expectChecked(id, numbers);
  }, 120_000);
});
