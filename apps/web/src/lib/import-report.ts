/** Every row an import skipped: the answer's own when it holds them all, else its report, part by part. */
import type { Call } from '@sewablast/contract/call';
import { api, call } from './api.ts';

export async function fetchSkippedRows<T>(
  answer: { reportId: number | null; skipped: T[] },
  /** The area's import path, e.g. `/admin/proxy/import`. */
  importPath: string,
  fallback: string,
  onProgress: (count: number) => void,
): Promise<T[]> {
  if (answer.reportId === null) return answer.skipped;
  const all: T[] = [];
  for (let part: number | null = 0; part !== null; ) {
    const { list, next }: { list: T[]; next: number | null } = await api(
      `${importPath}/${answer.reportId}/skipped?part=${part}`,
      { fallback },
    );
    all.push(...list);
    onProgress(all.length);
    part = next;
  }
  return all;
}

/** The call that reads a part of an import's report: `phonenumber.skipped`. */
type SkippedCall<T> = Call<{
  params: { id: number | string };
  query: { part?: number | string };
  answer: { list: T[]; next: number | null };
}>;

/** As fetchSkippedRows, by the area's call for a report's part. */
export async function readSkippedRows<T>(
  answer: { reportId: number | null; skipped: T[] },
  skipped: SkippedCall<T>,
  onProgress: (count: number) => void,
): Promise<T[]> {
  const { reportId } = answer;
  if (reportId === null) return answer.skipped;
  const all: T[] = [];
  for (let part: number | null = 0; part !== null; ) {
    const { list, next }: { list: T[]; next: number | null } = await call(skipped, {
      params: { id: reportId },
      query: { part },
    });
    all.push(...list);
    onProgress(all.length);
    part = next;
  }
  return all;
}
