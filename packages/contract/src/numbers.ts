/**
 * Whole numbers as every route reads them (ids, amounts, counts, intervals): a JSON number that is a safe
 * integer, or a string of ASCII digits alone (a path, a query or a form field carries text). Nothing looser:
 * a coercing read took `[10000]`, "0x2710", "1e4", " 1", "+1" and `true` for numbers, and a path id "+1"
 * named user 1.
 */
import { z } from 'zod';

/** Sixteen digits hold every safe integer; a longer string is no number any route takes. */
const DIGITS = /^[0-9]{1,16}$/;

/** A whole number in [min, max]: what is not one is refused with `message`, one out of range with `rangeMessage`. */
export function wholeNumber(min: number, max: number, message: string, rangeMessage = message) {
  const error = { error: message };
  const range = { error: rangeMessage };
  // The bounds sit on each branch so that the API document shows them on the number a client sends.
  const bounded = z.number(error).int(error).min(min, range).max(max, range);
  return z.union([bounded, z.string(error).regex(DIGITS, error).transform(Number).pipe(bounded)], error);
}

/** The largest amount of money a request may name: a trillion rupiah, far beyond any balance, exact in a double. */
export const MONEY_MAX = 1_000_000_000_000;
