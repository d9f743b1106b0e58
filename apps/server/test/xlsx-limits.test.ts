/**
 * Issue 20: a workbook is read within caps on its rows, on what each part and the whole file unpack to and
 * on its compression ratio, each refusal naming its cap, and nothing it put on disk stays, however the
 * reading ended. The bombs are made here (workbooks.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { IMPORT_TEXT } from '@sewablast/contract/imports';
import { beforeEach, describe, expect, it } from 'vitest';
import { ImportFormatError, readImportRows } from '../src/lib/import-rows.ts';
import { XLSX_LIMITS } from '../src/lib/xlsx-guard.ts';
import { workbooksBeingRead, xlsxRows } from '../src/lib/xlsx-rows.ts';
import {
  emptyRowsWorkbook,
  numbersWorkbook,
  RELS_XML,
  STRINGS_XML,
  sheetOf,
  WORKBOOK_XML,
  workbookOf,
  zipOf,
} from './workbooks.ts';

// The temporary folder this file's reading uses, to see what stays in it (tmpdir() reads TMPDIR each time).
const TEMP = mkdtempSync(join(tmpdir(), 'xlsx-limits-'));
// The child's own: tsx keeps its cache in the temporary folder.
const CHILD_TEMP = mkdtempSync(join(tmpdir(), 'xlsx-limits-child-'));
process.env.TMPDIR = TEMP;
// Each test sees only what it left itself.
beforeEach(() => {
  for (const name of readdirSync(TEMP)) rmSync(join(TEMP, name), { recursive: true, force: true });
});

const MiB = 1024 * 1024;

async function read(file: Buffer | AsyncIterable<Buffer>): Promise<number> {
  let rows = 0;
  for await (const _ of readImportRows(Readable.from(Buffer.isBuffer(file) ? [file] : file))) rows++;
  return rows;
}

/** The text naming the cap a workbook was refused at, or what else it failed with. */
async function refusal(file: Buffer): Promise<string | null> {
  try {
    await read(file);
    return null;
  } catch (error) {
    if (error instanceof ImportFormatError) return error.limit ?? `unreadable: ${error.message}`;
    throw error;
  }
}

/** Random bytes first, stored: enough that `unpacked` bytes keep the file's ratio under the cap. */
const padFor = (unpacked: number) => ({
  'xl/media/pad.bin': { random: Math.ceil(unpacked / XLSX_LIMITS.ratio) + MiB },
});

describe('a workbook past a cap is refused, naming the cap', () => {
  it('refuses 2.5 million empty rows at the row cap, in a child whose heap is 256 MB', async () => {
    const ended = await promisify(execFile)(
      process.execPath,
      ['--max-old-space-size=256', '--import', 'tsx', join(import.meta.dirname, 'xlsx-heap-child.ts')],
      { env: { ...process.env, TMPDIR: CHILD_TEMP } },
    ).then(
      ({ stdout }) => JSON.parse(stdout),
      (error: { code?: number; stderr?: string }) => ({ died: error.code, stderr: error.stderr?.slice(0, 300) }),
    );
    expect(ended).toEqual({
      refusal: IMPORT_TEXT.workbookTooManyRows(XLSX_LIMITS.rows),
      rows: 0,
      grewMb: expect.any(Number),
    });
    expect(ended.grewMb).toBeLessThan(100);
    expect(readdirSync(CHILD_TEMP).filter((name) => !name.startsWith('tsx-'))).toEqual([]);
    rmSync(CHILD_TEMP, { recursive: true });
  }, 120_000);

  it('refuses a workbook that unpacks to more than 100 times its size (issue 20: 2.5 M rows in 24 KB)', async () => {
    const file = await emptyRowsWorkbook(2_500_000);
    expect(file.length).toBeLessThan(30_000);
    expect(await refusal(file)).toBe(IMPORT_TEXT.workbookTooCompressed(XLSX_LIMITS.ratio));
  });

  it('refuses a part past its cap: the shared strings (held in memory), any other part', async () => {
    const strings = XLSX_LIMITS.heldBytes + MiB;
    const manyStrings = await zipOf({
      ...padFor(strings),
      'xl/workbook.xml': WORKBOOK_XML,
      'xl/_rels/workbook.xml.rels': RELS_XML,
      'xl/sharedStrings.xml': { repeat: '<si/>', bytes: strings, head: '<sst>', tail: '</sst>' },
      'xl/worksheets/sheet1.xml': sheetOf('<row r="1"><c r="A1"><v>6281234567890</v></c></row>'),
    });
    expect(await refusal(manyStrings)).toBe(
      IMPORT_TEXT.workbookPartTooLarge('xl/sharedStrings.xml', XLSX_LIMITS.heldBytes / MiB),
    );

    const media = XLSX_LIMITS.sheetBytes + MiB;
    const bigMedia = await workbookOf(sheetOf('<row r="1"><c r="A1"><v>6281234567890</v></c></row>'), {
      ...padFor(media),
      'xl/media/image1.bin': { repeat: '\0', bytes: media },
    });
    expect(await refusal(bigMedia)).toBe(
      IMPORT_TEXT.workbookPartTooLarge('xl/media/image1.bin', XLSX_LIMITS.sheetBytes / MiB),
    );
    expect(readdirSync(TEMP)).toEqual([]);
  });

  it('refuses a styles part of more tags than its cap (attack pass: 458 KB of `<xf/>` took 0.9 GB and 15 s)', async () => {
    const tags = XLSX_LIMITS.heldTags + 1;
    const file = await zipOf({
      ...padFor(tags * 5),
      'xl/workbook.xml': WORKBOOK_XML,
      'xl/_rels/workbook.xml.rels': RELS_XML,
      'xl/styles.xml': {
        repeat: '<xf/>',
        bytes: tags * 5,
        head: '<styleSheet><cellXfs>',
        tail: '</cellXfs></styleSheet>',
      },
      'xl/sharedStrings.xml': STRINGS_XML,
      'xl/worksheets/sheet1.xml': sheetOf('<row r="1"><c r="A1"><v>6281234567890</v></c></row>'),
    });
    expect(await refusal(file)).toBe(IMPORT_TEXT.workbookPartTooManyTags('xl/styles.xml', XLSX_LIMITS.heldTags));
  });

  it('refuses a workbook whose parts together unpack past the whole-file cap', async () => {
    const each = XLSX_LIMITS.sheetBytes - MiB;
    const file = await workbookOf(sheetOf('<row r="1"><c r="A1"><v>6281234567890</v></c></row>'), {
      ...padFor(3 * each),
      'xl/media/a.bin': { repeat: '\0', bytes: each },
      'xl/media/b.bin': { repeat: '\0', bytes: each },
      'xl/media/c.bin': { repeat: '\0', bytes: each },
    });
    expect(await refusal(file)).toBe(IMPORT_TEXT.workbookTooLarge(XLSX_LIMITS.workbookBytes / MiB));
  });

  it("reads a sheet of exactly Excel's 1,048,576 rows, the last one holding a number", async () => {
    const last = XLSX_LIMITS.rows;
    const sheet = sheetOf(
      { repeat: '<row/>', bytes: (last - 1) * 6 },
      `<row r="${last}"><c r="A${last}"><v>6281234567890</v></c></row>`,
    );
    const rows: unknown[] = [];
    for await (const row of readImportRows(Readable.from([await workbookOf(sheet, padFor(last * 6))]))) rows.push(row);
    expect(rows).toEqual([{ kind: 'cells', cells: ['6281234567890'], line: last }]);
  }, 60_000);

  it('reads a workbook within the caps, its sheet waiting on disk for the shared strings', async () => {
    expect(await read(await numbersWorkbook(5000))).toBe(5000);
    expect(readdirSync(TEMP)).toEqual([]);
  });
});

describe('workbooks read at once (attack pass: four 0.5 MB uploads of rich shared strings took 1.1 GB)', () => {
  it(`reads at most ${XLSX_LIMITS.readsAtOnce} in a process at once; the others wait their turn and are read whole`, async () => {
    const file = await numbersWorkbook(3000);
    let most = 0;
    const reads = Array.from({ length: 5 }, async () => {
      let rows = 0;
      for await (const batch of xlsxRows(Readable.from([file]))) {
        most = Math.max(most, workbooksBeingRead());
        rows += batch.length;
      }
      return rows;
    });
    expect(await Promise.all(reads)).toEqual([3000, 3000, 3000, 3000, 3000]);
    expect(most).toBe(XLSX_LIMITS.readsAtOnce);
    expect(workbooksBeingRead()).toBe(0);
  });
});

describe('nothing a workbook put on disk stays', () => {
  /** 2 MB of a sheet, which waits on disk: the shared strings come after it. */
  const bigSheet = () => sheetOf({ repeat: '<row r="1"><c r="A1"><v>6281234567890</v></c></row>', bytes: 2 * MiB });

  it('after a broken workbook.xml that follows a sheet (issue 20: 20 MB left for good)', async () => {
    const file = await zipOf({
      ...padFor(2 * MiB),
      'xl/_rels/workbook.xml.rels': RELS_XML,
      'xl/worksheets/sheet1.xml': bigSheet(),
      'xl/workbook.xml': '<workbook><sheets><sheet name="x" r:id="rId1"',
      'xl/sharedStrings.xml': STRINGS_XML,
    });
    expect(await refusal(file)).toMatch(/^unreadable/);
    expect(readdirSync(TEMP)).toEqual([]);
  });

  it('after the upload breaks off mid-sheet, and after the caller stops reading early', async () => {
    const file = await workbookOf(bigSheet(), padFor(2 * MiB));
    async function* cutOff() {
      yield file.subarray(0, file.length - 200_000);
      throw new Error('cut off');
    }
    await expect(read(cutOff())).rejects.toThrow('cut off');
    expect(readdirSync(TEMP)).toEqual([]);

    for await (const _ of readImportRows(Readable.from([file]))) break;
    expect(readdirSync(TEMP)).toEqual([]);
  });
});
