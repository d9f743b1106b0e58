import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { echoOf, hasControlCharacters, ImportFormatError, type ImportRow, readImportRows } from './import-rows.ts';

async function collect(input: string | Buffer | Readable): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for await (const row of readImportRows(input instanceof Readable ? input : Readable.from([input]))) rows.push(row);
  return rows;
}

/** The cells of each CSV row with the line it starts on. */
const cellsOf = async (input: string) =>
  (await collect(input)).map((row) => (row.kind === 'cells' ? [row.line, row.cells] : row));

describe('reading CSV', () => {
  it.each([
    ['6281,Budi', ['6281', 'Budi']],
    ['"6281","Budi, Jr."', ['6281', 'Budi, Jr.']],
    ['6281,"Say ""hi"""', ['6281', 'Say "hi"']],
    ['6281,Bu"di', ['6281', 'Bu"di']],
    [' 6281 , Budi ,extra', ['6281', 'Budi', 'extra']],
    ['6281,  "Budi" ', ['6281', 'Budi']],
    ['6281;Budi', ['6281', 'Budi']],
    ['6281;"Budi; Jr.";x', ['6281', 'Budi; Jr.', 'x']],
    ['socks5://u:p@host:1080', ['socks5://u:p@host:1080']],
  ])('%j', async (line, cells) => {
    expect(await cellsOf(`${line}\n`)).toEqual([[1, cells]]);
  });

  it('keeps a quoted cell with line breaks, LF or CRLF, as one cell', async () => {
    expect(await cellsOf('number,name\n6281,"Budi\nSantoso"\n6282,Siti\n')).toEqual([
      [1, ['number', 'name']],
      [2, ['6281', 'Budi\nSantoso']],
      [4, ['6282', 'Siti']],
    ]);
    expect(await cellsOf('6281,"Budi\r\n\r\nSantoso"\r\n6282,Siti\r\n')).toEqual([
      [1, ['6281', 'Budi\r\n\r\nSantoso']],
      [4, ['6282', 'Siti']],
    ]);
  });

  it('gives each row the line it starts on, past multi-line cells and blank lines', async () => {
    const file = '\uFEFF\nnumber;name\r\n6281;"Budi\r\nSantoso"\r\n\r\n  \r\nabc;"Ru\nsak"\r\n6283;Dewi';
    expect(await cellsOf(file)).toEqual([
      [2, ['number', 'name']],
      [3, ['6281', 'Budi\r\nSantoso']],
      [7, ['abc', 'Ru\nsak']],
      [9, ['6283', 'Dewi']],
    ]);
  });

  it('takes the delimiter named first in the file: a semicolon file keeps the commas of its names', async () => {
    expect(await cellsOf('number;name\n6281;Budi, Jr.\n')).toEqual([
      [1, ['number', 'name']],
      [2, ['6281', 'Budi, Jr.']],
    ]);
    expect(await cellsOf('"a;b",c\n6281,Budi; Jr.\n')).toEqual([
      [1, ['a;b', 'c']],
      [2, ['6281', 'Budi; Jr.']],
    ]);
  });

  it('splits a line holding only the other delimiter on that one, as rows typed into an exported file do', async () => {
    expect(await cellsOf('6281,Budi\n6282;Siti;x\n"6283"\n')).toEqual([
      [1, ['6281', 'Budi']],
      [2, ['6282', 'Siti', 'x']],
      [3, ['6283']],
    ]);
    expect(await cellsOf('number;name\n6281, Budi\n')).toEqual([
      [1, ['number', 'name']],
      [2, ['6281', 'Budi']],
    ]);
  });

  it('ends a line at LF or CRLF in the same file', async () => {
    expect(await cellsOf('6281,Budi\r\n6282,Siti\n6283,Dewi\r\n')).toEqual([
      [1, ['6281', 'Budi']],
      [2, ['6282', 'Siti']],
      [3, ['6283', 'Dewi']],
    ]);
  });

  it('refuses what RFC 4180 cannot read, rather than guessing where rows end', async () => {
    const cases: [string, number][] = [
      ['6281,Budi\n6282,"Siti\n6283,Dewi\n', 2],
      ['6281,"Budi" Jr\n6282,Siti\n', 1],
      ['6281,Budi\n\n6283,"Dewi" x\n', 3],
    ];
    for (const [broken, line] of cases) {
      const refused = await collect(broken).catch((error: unknown) => error);
      expect(refused, broken).toBeInstanceOf(ImportFormatError);
      // The user is told where to look: the line where the unreadable record starts.
      expect((refused as ImportFormatError).line, broken).toBe(line);
    }
  });

  it('refuses a quote never closed once its cell is past the record limit, without reading on', async () => {
    async function* endless() {
      yield '6281,"Budi\n';
      for (;;) yield '6282,Siti\n'.repeat(1000);
    }
    await expect(collect(Readable.from(endless()))).rejects.toBeInstanceOf(ImportFormatError);
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
    for (const broken of ['[{"number": ', '[1, 2', '[1] [2]', '[1] x', '{"number": "6281"}']) {
      await expect(collect(broken), broken).rejects.toBeInstanceOf(ImportFormatError);
    }
    await expect(collect(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).rejects.toBeInstanceOf(ImportFormatError);
  });

  it('refuses a file whose head holds a NUL byte, past a first line that looks like text', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const disguised = Buffer.concat([Buffer.from('number,name\n6281234567890,Budi\n'), png]);
    await expect(collect(disguised)).rejects.toBeInstanceOf(ImportFormatError);
    // Split into small chunks, the head is still searched as a whole.
    const pieces = Array.from({ length: Math.ceil(disguised.length / 5) }, (_, i) =>
      disguised.subarray(i * 5, i * 5 + 5),
    );
    await expect(collect(Readable.from(pieces))).rejects.toBeInstanceOf(ImportFormatError);
  });

  it('leaves a control character after the head to the caller, as a row it can skip', async () => {
    const head = '6281234567890,Budi\n'.repeat(500);
    const rows = await collect(`${head}6281234567891,Bu\u0000di\n6281234567892,Siti\n`);
    expect(rows).toHaveLength(502);
    expect(rows[500]).toEqual({ kind: 'cells', cells: ['6281234567891', 'Bu\u0000di'], line: 501 });
  });

  it('hands out JSON items as they arrive, before the array is complete', async () => {
    const stream = new PassThrough();
    const rows = readImportRows(stream);
    // Past the head the reader looks at before it names the kind of file.
    stream.write(`\uFEFF [{"number": "6281"}, 0, ${' '.repeat(9000)}`);
    expect((await rows.next()).value).toEqual({ kind: 'item', item: { number: '6281' }, line: 1 });
    expect((await rows.next()).value).toEqual({ kind: 'item', item: 0, line: 2 });
    stream.end('"x", null]');
    const rest: ImportRow[] = [];
    for await (const row of rows) rest.push(row);
    expect(rest).toEqual([
      { kind: 'item', item: 'x', line: 3 },
      { kind: 'item', item: null, line: 4 },
    ]);
  });

  it('lets other work run while it reads a long file', async () => {
    let read = 0;
    let readWhenOthersRan = -1;
    setImmediate(() => {
      readWhenOthersRan = read;
    });
    const rows = Array.from({ length: 200_000 }, (_, i) => `${6281200000000 + i},Nama ${i}`).join('\n');
    for await (const _ of readImportRows(Readable.from([Buffer.from(rows)]))) read++;
    expect(read).toBe(200_000);
    expect(readWhenOthersRan).toBeGreaterThan(0);
    expect(readWhenOthersRan).toBeLessThan(200_000);
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

describe('hasControlCharacters and echoOf', () => {
  it('allow tabs only, and echo a control character as U+FFFD within the length given', () => {
    expect(hasControlCharacters('Budi\tSiti')).toBe(false);
    for (const text of ['a\u0000', 'a\u0001', 'a\nb', 'a\u007f']) expect(hasControlCharacters(text), text).toBe(true);
    expect(echoOf('Bu\u0000di', 10)).toBe('Bu\uFFFDdi');
    expect(echoOf('x'.repeat(600), 500)).toHaveLength(500);
    expect(echoOf('6281234567890', 50)).toBe('6281234567890');
  });
});
