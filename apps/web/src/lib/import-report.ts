/** Every row an import skipped: the answer's own when it holds them all, else its report, part by part. */
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
