/**
 * Run by xlsx-limits.test.ts in a child with a small heap: reads issue 20's bomb of 2.5 million empty rows
 * (padded so that its compression ratio looks ordinary and the row cap is what stops it) and prints how it
 * ended and how far the heap grew. Without a bound on what the reading keeps, the child dies of it.
 */
import { Readable } from 'node:stream';
import { ImportFormatError, readImportRows } from '../src/lib/import-rows.ts';
import { emptyRowsWorkbook } from './workbooks.ts';

const file = await emptyRowsWorkbook(2_500_000, 200_000);
const before = process.memoryUsage().heapUsed;
let peak = before;
const sampling = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
}, 5);
let refusal: string | null = null;
let rows = 0;
try {
  for await (const _ of readImportRows(Readable.from([file]))) rows++;
} catch (error) {
  refusal = error instanceof ImportFormatError ? error.limit : String(error);
}
clearInterval(sampling);
process.stdout.write(JSON.stringify({ refusal, rows, grewMb: Math.round((peak - before) / 1024 / 1024) }));
