/**
 * Send intervals in whole seconds, as settings, members and accounts carry them: one rule for their order,
 * with the spec's message (part 2 §5). An unset bound (null) leaves the other free.
 */
export const INTERVAL_ORDER_TEXT = 'Interval minimal harus lebih kecil dari interval maksimal';

export function intervalsInOrder(min: number | null | undefined, max: number | null | undefined): boolean {
  return min == null || max == null || min <= max;
}
