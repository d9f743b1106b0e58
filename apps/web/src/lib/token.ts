/** What counts as a usable auth token (spec part 1 §6): text that is not blank; anything else is absent. */
export function usableToken(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
