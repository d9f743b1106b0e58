/** The failure body every endpoint answers with (DESIGN §6): `msg`, and per-field messages under `errors`. */
import { z } from 'zod';
import { SERVER_TEXT } from './texts.ts';

export const ZErrorResponse = z.object({
  msg: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** An answer that is only a message: a delete, a client removed. */
export const ZMsgResponse = ZErrorResponse.pick({ msg: true });
export type TMsgResponse = z.infer<typeof ZMsgResponse>;

/** What fieldErrorsOf needs of a zod issue (`ZodError.issues` fits). */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message?: string;
}

/**
 * Zod issues as one message per field, the first issue of a field winning: the server's `errors` and a
 * form's messages are built by this one rule, so that both name a field alike. A field goes by its dotted
 * path (`buttons.0.title`, as react-hook-form names fields); an issue with the whole value, by `_`.
 */
export function fieldErrorsOf<F extends string = string>(issues: readonly FieldIssue[]): Partial<Record<F, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message ?? SERVER_TEXT.invalidInput;
  }
  return errors as Partial<Record<F, string>>;
}
