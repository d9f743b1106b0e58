/** Escapes LIKE wildcards so that a search for `50%` matches the text, not a pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The shortest search found anywhere in a text. A trigram index (pg_trgm) answers `like '%term%'` only from
 * three characters: a shorter pattern has no trigram to look up and reads the whole index, so one or two
 * characters find the text's start instead, through the btree pattern index beside it (docs/decisions.md).
 */
export const SUBSTRING_FROM = 3;

/** The LIKE pattern of a search: `term` anywhere from SUBSTRING_FROM characters, at the start below that. */
export function searchPattern(term: string): string {
  const escaped = escapeLike(term);
  return [...term].length >= SUBSTRING_FROM ? `%${escaped}%` : `${escaped}%`;
}
