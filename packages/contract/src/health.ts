import { z } from 'zod';

export const ZHealthResponse = z.object({
  ok: z.boolean(),
  version: z.string(),
  role: z.enum(['all', 'api', 'worker']),
  db: z.enum(['pglite', 'postgres']),
  driver: z.enum(['simulator', 'baileys']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
