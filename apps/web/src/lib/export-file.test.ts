import { describe, expect, it } from 'vitest';
import { toCsv, toJson } from './export-file.ts';

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
