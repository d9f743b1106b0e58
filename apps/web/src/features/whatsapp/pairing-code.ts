/** The pairing code as 4 characters, a dash, then the rest (spec part 1 §4). */
export function formatPairingCode(code: string): string {
  return code.length > 4 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}
