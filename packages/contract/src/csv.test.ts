import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseCell } from './csv.ts';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+6281234', "'+6281234"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['6281234', '6281234'],
    ['Budi, Jr.', '"Budi, Jr."'],
    [null, ''],
    [0, '0'],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });
});

describe('csvLine', () => {
  it('joins neutralised cells and ends the line with CRLF', () => {
    expect(csvLine(['Siti', '=1+1', 5000])).toBe("Siti,'=1+1,5000\r\n");
  });
});
