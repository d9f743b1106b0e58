/**
 * The numbers of a validator's file, read as the phone number import reads a file (DESIGN §6): CSV
 * (`number,name`, header optional), JSON (`[{number, name}]`) or Excel through `readImportRows`; a bad row or
 * a number already in the file is skipped and counted. The same reading counts them on upload and walks them
 * at run time, so the run's cursor always means the same number.
 */
import { Readable } from 'node:stream';
import { normalisePhoneNumber } from '@sewablast/contract/phonenumber';
import { numberReader } from './import-columns.ts';
import { hasControlCharacters, readImportRows } from './import-rows.ts';

export interface FileNumbers {
  /** Distinct valid numbers, in file order. */
  numbers: string[];
  /** Rows skipped: not a number starting 62 with 10-15 digits, or a number met earlier in the file. */
  skipped: number;
}

export async function readFileNumbers(source: Readable | Buffer): Promise<FileNumbers> {
  const stream = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const numbers: string[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  const read = numberReader();
  for await (const row of readImportRows(stream)) {
    const written = read(row);
    if (!written) continue;
    const raw = written.number.trim();
    const number = hasControlCharacters(raw) ? null : normalisePhoneNumber(raw);
    if (!number || seen.has(number)) {
      skipped++;
      continue;
    }
    seen.add(number);
    numbers.push(number);
  }
  return { numbers, skipped };
}
