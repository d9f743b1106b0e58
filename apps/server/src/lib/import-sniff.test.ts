import { describe, expect, it } from 'vitest';
import { importMimeOf, isLeadIn, sniffImport } from './import-sniff.ts';

const kindOf = (head: Buffer | string) => sniffImport(Buffer.from(head)).kind;
const BOM = '\uFEFF';

describe('sniffImport: what an import file is, by its first bytes', () => {
  it('tells a workbook by the ZIP signature, whatever follows it', () => {
    expect(kindOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toBe('workbook');
    // Only the first two bytes of one: no workbook, and a NUL makes it no text either.
    expect(kindOf(Buffer.from([0x50, 0x4b, 0x05, 0x06, 0]))).toBe('binary');
  });

  it('tells an .xls workbook and any other file with a NUL in its head', () => {
    expect(kindOf(Buffer.from('d0cf11e0a1b11ae100', 'hex'))).toBe('xls');
    expect(kindOf('628123\u0000')).toBe('binary');
  });

  it('reads JSON by its first character past a BOM and blanks: an array is read, an object refused', () => {
    expect(sniffImport(Buffer.from(`${BOM} \r\n\t[{"number":"62"}]`))).toMatchObject({ kind: 'json', start: 4 });
    expect(kindOf(' {"number":"62"}')).toBe('object');
  });

  it('takes anything else as CSV, and blanks alone as an empty file', () => {
    expect(sniffImport(Buffer.from(`${BOM}number,name`))).toMatchObject({ kind: 'csv', start: 0 });
    expect(sniffImport(Buffer.from(`${BOM}number`)).text.toString()).toBe('number');
    expect(kindOf(`${BOM} \n`)).toBe('empty');
    expect(kindOf('')).toBe('empty');
    // Only the blanks of a CSV line count: a form feed is a character of the first cell.
    expect(kindOf('\f[')).toBe('csv');
  });

  it('names the stored type as the reader will read the file', () => {
    expect(importMimeOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(importMimeOf(Buffer.from(' [1]'))).toBe('application/json');
    expect(importMimeOf(Buffer.from('{}'))).toBe('text/csv');
  });
});

describe('isLeadIn: what comes before the first character', () => {
  it('is blanks, and the bytes of a BOM where a BOM stands', () => {
    expect(isLeadIn(0x20, 9)).toBe(true);
    expect(isLeadIn(0xef, 0)).toBe(true);
    expect(isLeadIn(0xbf, 2)).toBe(true);
    expect(isLeadIn(0xef, 3)).toBe(false);
    expect(isLeadIn(0x5b, 0)).toBe(false);
  });
});
