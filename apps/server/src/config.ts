/**
 * The environment table of DESIGN §1, parsed once at start-up. A bad value stops the process with a
 * message that names the variable.
 */
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const ZEnv = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^rediss?$/ }).optional()),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WA_DRIVER: z.enum(['simulator', 'baileys']).default('simulator'),
  JWT_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyAsUnset, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUnset, z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO: z.preprocess(emptyAsUnset, flag.optional()),
  BUSINESS_TZ: z
    .string()
    .default('Asia/Jakarta')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'is not a known time zone'),
  SIM_SCAN_MS: z.coerce.number().int().min(0).default(5000),
  SIM_SEED: z.preprocess(emptyAsUnset, z.coerce.number().int().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IMPORT_MAX_MB: z.coerce.number().positive().max(1024).default(50),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
});

export type Config = Omit<z.infer<typeof ZEnv>, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
  db: 'pglite' | 'postgres';
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const value = parsed.data;
  if (value.ROLE !== 'all' && (!value.DATABASE_URL || !value.REDIS_URL)) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: '${value.ROLE}' runs beside other processes, so it needs DATABASE_URL (PostgreSQL) and REDIS_URL`,
    );
  }
  const db = value.DATABASE_URL ? 'postgres' : 'pglite';
  return { ...value, SEED_DEMO: value.SEED_DEMO ?? db === 'pglite', db };
}
