import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv, toJson } from './export-file.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+6281234', "'+6281234"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['6281234', '6281234'],
    ['Budi, Jr.', '"Budi, Jr."'],
    [null, ''],
    [0, '0'],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes the header and one neutralised line per row', () => {
    const rows = [
      { number: '6281', name: '=cmd|calc', status: 'active' },
      { number: '6282', name: 'Siti', status: 'nonactive' },
    ];
    expect(toCsv(['number', 'name', 'status'], rows, (row) => [row.number, row.name, row.status])).toBe(
      "number,name,status\r\n6281,'=cmd|calc,active\r\n6282,Siti,nonactive\r\n",
    );
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['value', 'status'], [], () => [])).toBe('value,status\r\n');
  });
});

describe('toJson', () => {
  it('pretty-prints with a final newline', () => {
    expect(toJson([{ a: 1 }])).toBe('[\n  {\n    "a": 1\n  }\n]\n');
  });
});
