/** A failed zod check as one message per form field (the first issue of each field wins). */
import type { z } from 'zod';

export function fieldErrorsOf<F extends string>(error: z.ZodError): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of error.issues) found[String(issue.path[0]) as F] ??= issue.message;
  return found;
}
