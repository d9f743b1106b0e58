/** Every row an import skipped: the answer's own when it holds them all, else its report, part by part. */
import { api } from './api.ts';

interface SkippedPart<T> {
  list: T[];
  next: number | null;
}

export async function readSkippedRows<T>(
  answer: { reportId: number | null; skipped: T[] },
  /** One part of the report: the area's `skipped` call. */
  readPart: (reportId: number, part: number) => Promise<SkippedPart<T>>,
  onProgress: (count: number) => void,
): Promise<T[]> {
  if (answer.reportId === null) return answer.skipped;
  const all: T[] = [];
  for (let part: number | null = 0; part !== null; ) {
    const { list, next } = await readPart(answer.reportId, part);
    all.push(...list);
    onProgress(all.length);
    part = next;
  }
  return all;
}

/** `readSkippedRows` for an area still called by string URL, its import path such as `/admin/phonenumber/import`. */
export function fetchSkippedRows<T>(
  answer: { reportId: number | null; skipped: T[] },
  importPath: string,
  fallback: string,
  onProgress: (count: number) => void,
): Promise<T[]> {
  return readSkippedRows(
    answer,
    (reportId, part) => api<SkippedPart<T>>(`${importPath}/${reportId}/skipped?part=${part}`, { fallback }),
    onProgress,
  );
}
