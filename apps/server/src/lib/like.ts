/** Escapes LIKE wildcards so that a search for `50%` matches the text, not a pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
