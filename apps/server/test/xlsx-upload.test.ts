/**
 * Issue 20 through the routes that take Excel files: a workbook past a cap answers 400 naming the cap on the
 * phone number import and on a validator's file; the temporary folder holds nothing afterwards, whether the
 * workbook was imported, refused, broken, or the client went away mid-upload; and a form with two files or
 * more than 20 fields answers a 400 saying so instead of "file too large".
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_TEXT } from '@sewablast/contract/imports';
import { INPUT_TEXT } from '@sewablast/contract/paging';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneNumbers } from '../src/db/schema.ts';
import { XLSX_LIMITS } from '../src/lib/xlsx-guard.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { linkAccount } from './job-helpers.ts';
import { multipartBody } from './multipart.ts';
import { emptyRowsWorkbook, numbersWorkbook, RELS_XML, STRINGS_XML, sheetOf, zipOf } from './workbooks.ts';

// The temporary folder of this file's server, to see what stays in it (tmpdir() reads TMPDIR each time).
const TEMP = mkdtempSync(join(tmpdir(), 'xlsx-upload-'));
process.env.TMPDIR = TEMP;

const IMPORT = '/api/admin/phonenumber/import';
const VALIDATOR = '/api/admin/validator/create';

let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
let accountId: number;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.loginAs('admin');
  accountId = (await linkAccount(t, admin, await t.loginAs('dev'))).id;
});
afterAll(async () => {
  await t.close();
  rmSync(TEMP, { recursive: true, force: true });
});
beforeEach(() => {
  for (const name of readdirSync(TEMP)) rmSync(join(TEMP, name), { recursive: true, force: true });
});

const validatorFields = () => ({
  whatsapp_id: String(accountId),
  interval_min: '1',
  interval_max: '2',
  b_insert: 'false',
});

async function send(url: string, file: Buffer, fields: Record<string, string> = {}) {
  const body = await multipartBody(fields, { name: 'daftar.xlsx', bytes: file });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...admin.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A form as a browser's FormData sends it, with whatever parts are given. */
async function sendForm(url: string, parts: [string, string | Blob][]) {
  const form = new FormData();
  for (const [name, value] of parts)
    if (value instanceof Blob) form.append(name, value, `${name}.csv`);
    else form.append(name, value);
  const built = new Request('http://local/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...admin.headers, 'content-type': built.headers.get('content-type') ?? '' },
    payload: Buffer.from(await built.arrayBuffer()),
  });
}

/** Every file under the temporary folder, at any depth. */
const filesLeft = () => readdirSync(TEMP, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe('a workbook past a cap', () => {
  it('answers 400 naming the row cap on the phone number import, and 400 naming the ratio on a validator', async () => {
    const rows = await send(IMPORT, await emptyRowsWorkbook(2_500_000, 200_000));
    expect(rows.statusCode, rows.body).toBe(400);
    expect(rows.json().msg).toBe(IMPORT_TEXT.workbookTooManyRows(XLSX_LIMITS.rows));

    const ratio = await send(VALIDATOR, await emptyRowsWorkbook(2_500_000), validatorFields());
    expect(ratio.statusCode, ratio.body).toBe(400);
    expect(ratio.json().msg).toBe(IMPORT_TEXT.workbookTooCompressed(XLSX_LIMITS.ratio));
    expect(filesLeft()).toEqual([]);
  }, 60_000);
});

describe('the temporary folder holds nothing afterwards', () => {
  it('after a workbook imported, and one refused as broken', async () => {
    const imported = await send(IMPORT, await numbersWorkbook(2000));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().created).toBe(2000);
    expect(readdirSync(TEMP)).toEqual([]);

    // The sheet waits on disk; then workbook.xml is broken (issue 20: 20 MB left for good).
    const broken = await zipOf({
      'xl/media/pad.bin': { random: 100_000 },
      'xl/_rels/workbook.xml.rels': RELS_XML,
      'xl/worksheets/sheet1.xml': sheetOf({
        repeat: '<row r="1"><c r="A1"><v>6281234567890</v></c></row>',
        bytes: 2 ** 20,
      }),
      'xl/workbook.xml': '<workbook><sheets><sheet name="x" r:id="rId1"',
      'xl/sharedStrings.xml': STRINGS_XML,
    });
    const refused = await send(VALIDATOR, broken, validatorFields());
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().msg).toBe(IMPORT_TEXT.unreadableWorkbook);
    expect(readdirSync(TEMP)).toEqual([]);
  });

  it('after the client goes away mid-upload, while the sheet waits on disk', async () => {
    const file = await numbersWorkbook(100_000, 6285500000000);
    const boundary = 'xlsxuploadboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="daftar.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const upload = request(`${base}${IMPORT}`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    upload.on('error', () => {});
    upload.write(head);
    upload.write(file.subarray(0, Math.floor(file.length * 0.9)));
    await vi.waitFor(() => expect(filesLeft().length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    upload.destroy();
    await vi.waitFor(() => expect(readdirSync(TEMP)).toEqual([]), { timeout: 10_000, interval: 50 });
  }, 30_000);
});

describe('a form breaking the form limits says which', () => {
  const csv = (text: string) => new Blob([text], { type: 'text/csv' });

  it.each([
    ['the phone number import', IMPORT, []],
    ['a validator', VALIDATOR, Object.entries(validatorFields())],
  ] as [string, string, [string, string][]][])('on %s: two files, 21 fields', async (_, url, fields) => {
    const twoFiles = await sendForm(url, [
      ...fields,
      ['file', csv('6281234567890\n')],
      ['other', csv('6281234567891\n')],
    ]);
    expect(twoFiles.statusCode, twoFiles.body).toBe(400);
    expect(twoFiles.json().msg).toBe(INPUT_TEXT.oneFile);
    // The first file is refused with the form, not imported.
    expect(await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, '6281234567890'))).toEqual([]);

    const many = Array.from({ length: 21 }, (_, i) => [`x${i}`, 'a'] as [string, string]);
    const manyFields = await sendForm(url, [...fields, ...many, ['file', csv('6281234567890\n')]]);
    expect(manyFields.statusCode, manyFields.body).toBe(400);
    expect(manyFields.json().msg).toBe(INPUT_TEXT.tooManyFields(20));
  });
});
