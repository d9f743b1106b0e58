/** Every row an import skipped: the answer's own when it holds them all, else its report, part by part. */
import { api } from './api.ts';

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
