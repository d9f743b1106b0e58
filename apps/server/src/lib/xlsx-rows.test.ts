import { PassThrough, Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportFormatError, type ImportRow, readImportRows } from './import-rows.ts';
import { cellText } from './xlsx-rows.ts';

async function collect(input: Buffer | Readable): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const row of readImportRows(input instanceof Readable ? input : Readable.from([input]))) rows.push(row);
  return rows;
}

const cellsOf = async (input: Buffer | Readable) =>
  (await collect(input)).map((row) => (row.kind === 'cells' ? [row.line, row.cells] : row));

async function workbookOf(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A ZIP file of the files given, stored uncompressed: enough to hand-make a workbook or something else. */
function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const path = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 16, 14, 26);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, path, data);
    centrals.push(central, path);
    offset += local.length + path.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const sheetXml = (text: string) =>
  `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row></sheetData></worksheet>`;

/** Written the way Excel writes: the sheets first, the shared strings after them. */
async function streamedWorkbookOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const out = new PassThrough();
  const pieces: Buffer[] = [];
  out.on('data', (piece: Buffer) => pieces.push(piece));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Nomor');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(pieces);
}

describe('reading an .xlsx workbook', () => {
  it('gives the cells of the first sheet as text, with their row numbers, and skips empty rows', async () => {
    const file = await workbookOf((workbook) => {
      const sheet = workbook.addWorksheet('Nomor');
      sheet.getRow(1).values = ['number', 'name'];
      sheet.getRow(2).values = [6281234567890, 'Budi'];
      sheet.getRow(3).values = ['6281234567891', { richText: [{ text: 'Si' }, { font: { bold: true }, text: 'ti' }] }];
      sheet.getRow(5).values = [{ formula: '6281234567890+2', result: 6281234567892 }, ' Dewi '];
      sheet.getRow(6).values = [null, ''];
      sheet.getRow(7).values = [new Date(Date.UTC(2024, 0, 5)), new Date(Date.UTC(2024, 0, 5, 7, 30))];
      sheet.getRow(8).values = [62812345678.5, 1e-7, true];
      sheet.getRow(9).values = [null, 'Rina'];
      workbook.addWorksheet('Lain').addRow(['6289999999999', 'not read']);
    });
    expect(await cellsOf(file)).toEqual([
      [1, ['number', 'name']],
      [2, ['6281234567890', 'Budi']],
      [3, ['6281234567891', 'Siti']],
      [5, ['6281234567892', 'Dewi']],
      [7, ['2024-01-05', '2024-01-05T07:30:00.000Z']],
      [8, ['62812345678.5', '0.0000001', 'TRUE']],
      [9, ['', 'Rina']],
    ]);
  });

  it('reads the first tab, wherever its sheet sits in the file, and targets written as absolute paths', async () => {
    const ns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const file = zipOf({
      'xl/workbook.xml': `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ${ns}><sheets><sheet name="Pertama" sheetId="1" r:id="rId7"/><sheet name="Kedua" sheetId="2" r:id="rId3"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': sheetXml('6282222222222'),
      'xl/worksheets/sheet2.xml': sheetXml('6281111111111'),
    });
    expect(await cellsOf(file)).toEqual([[1, ['6281111111111']]]);
  });

  it('reads a workbook whose shared strings come after its sheets, as Excel writes them', async () => {
    const file = await streamedWorkbookOf([
      ['number', 'name'],
      [6281234567890, 'Budi'],
      ['6281234567891', 'Siti'],
    ]);
    expect(await cellsOf(file)).toEqual([
      [1, ['number', 'name']],
      [2, ['6281234567890', 'Budi']],
      [3, ['6281234567891', 'Siti']],
    ]);
  });

  it('reads 10 000 rows through uploads of small pieces, and lets other work run meanwhile', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [6281200000000 + i, `Nama ${i}`]);
    const file = await streamedWorkbookOf([['number', 'name'], ...rows]);
    const pieces = Array.from({ length: Math.ceil(file.length / 4096) }, (_, i) =>
      file.subarray(i * 4096, (i + 1) * 4096),
    );
    let read = 0;
    let readWhenOthersRan = -1;
    setImmediate(() => {
      readWhenOthersRan = read;
    });
    let last: ImportRow | undefined;
    for await (const row of readImportRows(Readable.from(pieces))) {
      read++;
      last = row;
    }
    expect(read).toBe(10_001);
    expect(last).toEqual({ kind: 'cells', cells: ['6281200009999', 'Nama 9999'], line: 10_001 });
    expect(readWhenOthersRan).toBeGreaterThanOrEqual(0);
    expect(readWhenOthersRan).toBeLessThan(10_001);
  });

  it('refuses a damaged workbook, a ZIP holding no workbook, and an .xls, as workbooks it cannot read', async () => {
    const good = await workbookOf((workbook) => {
      workbook.addWorksheet('Nomor').addRow(['6281234567890', 'Budi']);
    });
    const zip = zipOf({ 'numbers.csv': '6281234567890,Budi\n', 'xl/worksheets/sheet1.xml': sheetXml('6281') });
    const damaged = Buffer.from(good);
    for (let at = 200; at < damaged.length - 200; at += 97) damaged.writeUInt8(damaged.readUInt8(at) ^ 0xff, at);
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    const cases = {
      zip,
      damaged,
      cut: good.subarray(0, good.length / 2),
      header: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
      xls,
    };
    for (const [name, file] of Object.entries(cases)) {
      const refused = await collect(file).catch((error: unknown) => error);
      expect(refused, name).toBeInstanceOf(ImportFormatError);
      expect((refused as ImportFormatError).workbook, name).toBe(true);
    }
  });

  it('fails with the upload when the upload fails, rather than calling the workbook damaged', async () => {
    const good = await streamedWorkbookOf([[6281234567890, 'Budi']]);
    async function* cutOff() {
      yield good.subarray(0, 300);
      throw new Error('cut off');
    }
    await expect(collect(Readable.from(cutOff()))).rejects.toThrow('cut off');
  });
});

describe('cellText', () => {
  it.each([
    [6281234567890, '6281234567890'],
    [6.28123456789e12, '6281234567890'],
    [1e21, '1000000000000000000000'],
    [0.1 + 0.2, '0.3'],
    [-5, '-5'],
    [Number.NaN, ''],
    [null, ''],
    ['  Budi ', 'Budi'],
    [false, 'FALSE'],
    [{ formula: 'A1', result: undefined }, ''],
    [{ sharedFormula: 'A1', result: 'Siti' }, 'Siti'],
    [{ text: 'Budi', hyperlink: 'https://example.com' }, 'Budi'],
    [{ error: '#N/A' }, '#N/A'],
  ] as [ExcelJS.CellValue, string][])('%j', (value, text) => {
    expect(cellText(value)).toBe(text);
  });
});
