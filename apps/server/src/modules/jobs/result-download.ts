/**
 * A job's results as its download answers them (spec part 2 §7: `download-result/{id} -> list`): the spec's
 * client reads a JSON `{list}`, the dashboard saves a CSV file. Both are streamed batch by batch, so a million
 * hits never sit in memory; which one goes out follows the request's Accept header.
 */
import { csvLine } from '@sewablast/contract/csv';
import { JOB_RESULT_HEADER, type TJobResult } from '@sewablast/contract/jobs';
import Negotiator from 'negotiator';

const CSV = 'text/csv';
const JSON_TYPE = 'application/json';

/**
 * True when the Accept header ranks JSON above CSV. CSV is listed first, so it wins a tie (no header, any type,
 * a browser's navigation), and existing downloads stay CSV.
 */
export function prefersJson(headers: Record<string, string | string[] | undefined>): boolean {
  return new Negotiator({ headers }).mediaType([CSV, JSON_TYPE]) === JSON_TYPE;
}

export async function* resultCsv(batches: AsyncIterable<TJobResult[]>): AsyncGenerator<string> {
  yield csvLine(JOB_RESULT_HEADER);
  for await (const batch of batches) {
    yield batch.map((row) => csvLine([row.number, row.name, row.status])).join('');
  }
}

/** `{"list":[...]}`, written as the rows arrive. */
export async function* resultJson(batches: AsyncIterable<TJobResult[]>): AsyncGenerator<string> {
  yield '{"list":[';
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? '' : ',') + batch.map((row) => JSON.stringify(row)).join(',');
    first = false;
  }
  yield ']}';
}
