import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ImportFormatError, type ImportRow, readImportRows, splitCsvLine } from './import-rows.ts';

async function collect(input: string | Buffer | Readable): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const row of readImportRows(input instanceof Readable ? input : Readable.from([input]))) rows.push(row);
  return rows;
}

describe('splitCsvLine', () => {
  it.each([
    ['6281,Budi', ['6281', 'Budi']],
    ['"6281","Budi, Jr."', ['6281', 'Budi, Jr.']],
    ['6281,"Say ""hi"""', ['6281', 'Say "hi"']],
    ['6281;Budi', ['6281', 'Budi']],
    [' 6281 , Budi ,extra', ['6281', 'Budi', 'extra']],
  ])('%j', (line, cells) => {
    expect(splitCsvLine(line)).toEqual(cells);
  });
});

describe('readImportRows', () => {
  it('reads CSV lines with a BOM, CRLF and blank lines', async () => {
    const rows = await collect('\uFEFFnumber,name\r\n6281,Budi\r\n\r\n6282,Siti\r\n');
    expect(rows).toEqual([
      { kind: 'cells', cells: ['number', 'name'], line: 1 },
      { kind: 'cells', cells: ['6281', 'Budi'], line: 2 },
      { kind: 'cells', cells: ['6282', 'Siti'], line: 4 },
    ]);
  });

  it('reads a JSON array, even when it spans lines', async () => {
    const rows = await collect('[\n{"number":"6281","name":"Budi"},\n{"number":"6282"}\n]');
    expect(rows).toEqual([
      { kind: 'item', item: { number: '6281', name: 'Budi' }, line: 1 },
      { kind: 'item', item: { number: '6282' }, line: 2 },
    ]);
  });

  it('refuses broken JSON and binary files', async () => {
    await expect(collect('[{"number": ')).rejects.toBeInstanceOf(ImportFormatError);
    await expect(collect(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).rejects.toBeInstanceOf(ImportFormatError);
  });

  it('joins lines and characters split across chunks', async () => {
    const bytes = Buffer.from('6281,Bu\u00e9di\r\n6282,Siti');
    const rows: ImportRow[] = [];
    for await (const row of readImportRows(
      Readable.from([bytes.subarray(0, 8), bytes.subarray(8, 12), bytes.subarray(12)]),
    )) {
      rows.push(row);
    }
    expect(rows).toEqual([
      { kind: 'cells', cells: ['6281', 'Bu\u00e9di'], line: 1 },
      { kind: 'cells', cells: ['6282', 'Siti'], line: 2 },
    ]);
  });

  it('fails when the stream fails, rather than ending as if the file were complete', async () => {
    async function* cutOff() {
      yield '6281,Budi\n6282,';
      throw new Error('cut off');
    }
    await expect(collect(Readable.from(cutOff()))).rejects.toThrow('cut off');
  });

  it('yields nothing for an empty file', async () => {
    expect(await collect('\n\n')).toEqual([]);
  });
});
