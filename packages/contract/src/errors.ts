/** The failure body every endpoint answers with (DESIGN §6): `msg`, and per-field messages under `errors`. */
import { z } from 'zod';

export const ZErrorResponse = z.object({
  msg: z.string(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
