/**
 * The environment table of DESIGN §1, parsed once at start-up. A bad value stops the process with a
 * message that names the variable.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
/** `a, b,c` → ['a', 'b', 'c']; unset or empty → []. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/**
 * A reverse proxy whose X-Forwarded-For is believed: an address or a CIDR range, or one of proxy-addr's
 * names for ranges (loopback, linklocal, uniquelocal). Never "all": that is what let any client forge it.
 */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

const webUrl = z.url({ protocol: /^https?$/, error: (issue) => `'${issue.input}' is not an http or https URL` });

/** Where the S3 store keeps files: its endpoint, bucket and key prefix, and how to reach and sign for it. */
export interface S3Location {
  /** scheme://host[:port] of the S3 API, without the bucket. */
  endpoint: string;
  bucket: string;
  /** Put before each file's id to make its key; ends with '/'. */
  prefix: string;
  region: string;
  /** Bucket in the path (MinIO, Garage, SeaweedFS…) rather than in the host name (AWS's virtual-hosted style). */
  forcePathStyle: boolean;
  /** From the URL's user and password; absent, the SDK's own chain (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const S3_OPTIONS = ['region', 'path_style'];

/** A URL's part as written, %-escapes undone where they are whole. */
const unescaped = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * `http(s)://KEY:SECRET@host[:port]/bucket[/prefix]?region=…&path_style=0|1`: one variable, as DATABASE_URL
 * and REDIS_URL are, so that a deployment sets or unsets the store as a whole.
 */
function s3Location(url: URL, context: z.RefinementCtx): S3Location {
  const [bucket = '', ...folders] = url.pathname.split('/').filter(Boolean).map(unescaped);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    context.addIssue({
      code: 'custom',
      message: 'must name a bucket (3–63 lowercase letters, digits, dots or dashes) as its path',
    });
  }
  for (const name of url.searchParams.keys()) {
    if (!S3_OPTIONS.includes(name))
      context.addIssue({ code: 'custom', message: `knows no option '${name}' (only ${S3_OPTIONS.join(', ')})` });
  }
  const pathStyle = url.searchParams.get('path_style') ?? '1';
  if (!['0', '1'].includes(pathStyle)) context.addIssue({ code: 'custom', message: 'path_style must be 0 or 1' });
  if (Boolean(url.username) !== Boolean(url.password)) {
    context.addIssue({ code: 'custom', message: 'must give both the access key id and the secret key, or neither' });
  }
  return {
    endpoint: url.origin,
    bucket,
    prefix: folders.length > 0 ? `${folders.join('/')}/` : 'files/',
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: pathStyle === '1',
    credentials: url.username
      ? { accessKeyId: unescaped(url.username), secretAccessKey: unescaped(url.password) }
      : undefined,
  };
}

/** Names a browser can use for an address the server binds to: a wildcard bind is reached on this machine. */
const WILDCARD_HOSTS = ['0.0.0.0', '::'];
/** Loopback names of one machine: a page under any of them, on the server's port, is the server's own. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** `http://HOST:PORT` as a browser on this machine would write it. */
export function localUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Exported for the deployment files' check (test/deploy-files.test.ts): every variable they set is one of these. */
export const ZEnv = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^rediss?$/ }).optional()),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WA_DRIVER: z.enum(['simulator', 'baileys']).default('simulator'),
  // The WhatsApp Web version to announce instead of the one read from web.whatsapp.com (2.3000.N).
  WA_VERSION: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .transform((text, ctx) => {
        const parts = text.trim().split('.');
        const version = parts.length === 3 && parts.every((part) => /^\d{1,12}$/.test(part)) ? parts.map(Number) : null;
        if (!version) ctx.addIssue({ code: 'custom', message: 'must be three numbers, e.g. 2.3000.1029000000' });
        return (version as [number, number, number] | null) ?? z.NEVER;
      })
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyAsUnset, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUnset, z.string().min(8, 'must be at least 8 characters').optional()),
  SEED_DEMO: z.preprocess(emptyAsUnset, flag.optional()),
  // Staff, admins and devs must set up two-factor sign-in before using the dashboard; on unless turned off.
  TWO_FACTOR_REQUIRED: z.preprocess(emptyAsUnset, flag.optional()),
  // Blasts keep to the sending hours, the daily caps and the warm-up (docs/decisions.md); off only for tests and
  // benches that measure without it.
  ACCOUNT_SAFETY: z.preprocess(emptyAsUnset, flag.default(true)),
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
  SIM_RECONNECT_MS: z.coerce.number().int().min(0).default(3000),
  SIM_SEED: z.preprocess(emptyAsUnset, z.coerce.number().int().optional()),
  SIM_FAULTS: z.enum(['all', 'common', 'none']).default('all'),
  // How the simulator bans (docs/operations.md): by what the account does, or at flat rates for tests whose
  // seeds were written against those.
  SIM_BANS: z.enum(['behaviour', 'flat']).default('behaviour'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IMPORT_MAX_MB: z.coerce.number().positive().max(1024).default(50),
  USER_REQUESTS_PER_SECOND: z.coerce.number().positive().default(20),
  USER_REQUESTS_IN_FLIGHT: z.coerce.number().int().positive().default(16),
  // Per client address: a page of ten templates shows ten media at once (docs/security.md).
  FILE_DOWNLOADS_PER_MINUTE: z.coerce.number().positive().default(120),
  FILE_DOWNLOADS_IN_FLIGHT: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: commaList.pipe(
    z.array(z.string().refine(isProxyAddress, 'must list IP addresses or CIDR ranges, comma-separated')),
  ),
  // Browsers send an origin as scheme://host[:port]; an entry written with a path or a trailing slash is
  // reduced to that, so that it matches rather than silently never matching.
  ALLOWED_ORIGINS: commaList.pipe(z.array(webUrl).transform((urls) => urls.map((url) => new URL(url).origin))),
  PUBLIC_URL: z.preprocess(emptyAsUnset, webUrl.optional()),
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Sewablast <no-reply@localhost>'),
  // A scraper's bearer token; unset, /metrics answers 404 on the API port (docs/operations.md).
  // An S3-compatible bucket for uploaded files; unset, their bytes go into the database (docs/operations.md).
  S3_URL: z.preprocess(
    emptyAsUnset,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL: the endpoint, then the bucket' })
      .transform((value, context) => s3Location(new URL(value), context))
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: z.preprocess(emptyAsUnset, port.optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Seconds between a SIGTERM and the server closing, answering readiness 503 meanwhile so that a load
  // balancer stops sending to the node before its connections close; 0 for a single process.
  SHUTDOWN_DRAIN_S: z.coerce.number().min(0).max(120).default(0),
  // How long a worker's hold on an account lasts unrenewed (engine/leases.ts); renewed every third of it. The
  // crash and failover tests shorten it; a short one on a busy machine lets two workers open one account.
  LEASE_SECONDS: z.coerce.number().int().min(3).max(300).default(30),
});

export type Config = Omit<z.infer<typeof ZEnv>, 'SEED_DEMO' | 'PUBLIC_URL' | 'TWO_FACTOR_REQUIRED'> & {
  SEED_DEMO: boolean;
  TWO_FACTOR_REQUIRED: boolean;
  /** Without a trailing slash, so that links are written `${PUBLIC_URL}/path`. */
  PUBLIC_URL: string;
  /** Where the database comes from: the PostgreSQL the server starts itself, or DATABASE_URL's. */
  db: 'embedded' | 'postgres';
};

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    // The variable's name, not the place in a list it was split into: the message names the bad entry.
    const lines = parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const value = parsed.data;
  if (value.ROLE !== 'all' && (!value.DATABASE_URL || !value.REDIS_URL)) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: '${value.ROLE}' runs beside other processes, so it needs DATABASE_URL (PostgreSQL) and REDIS_URL`,
    );
  }
  const db = value.DATABASE_URL ? 'postgres' : 'embedded';
  const PUBLIC_URL = (value.PUBLIC_URL ?? localUrl(value.HOST, value.PORT)).replace(/\/+$/, '');
  return {
    ...value,
    SEED_DEMO: value.SEED_DEMO ?? db === 'embedded',
    TWO_FACTOR_REQUIRED: value.TWO_FACTOR_REQUIRED ?? true,
    PUBLIC_URL,
    db,
  };
}

/**
 * PUBLIC_URL once the server listens on `port`. PORT=0 has the system pick a free port, which an unset
 * PUBLIC_URL could not name before: it takes the bound one, so that the live channel accepts the
 * dashboard's pages there and mailed links lead to it. Test and benchmark harnesses start servers so,
 * with no window between finding a port free and taking it.
 */
export function bindPublicUrl(config: Config, port: number): void {
  if (config.PORT === 0 && config.PUBLIC_URL === localUrl(config.HOST, 0))
    config.PUBLIC_URL = localUrl(config.HOST, port);
}

/**
 * The origins whose pages are the dashboard (DESIGN §9): PUBLIC_URL's and ALLOWED_ORIGINS. A loopback
 * PUBLIC_URL also stands for its other loopback names on the same port — the dashboard opened as
 * localhost rather than 127.0.0.1 is still this server's — while no other site can carry such an origin.
 */
export function dashboardOrigins({ PUBLIC_URL, ALLOWED_ORIGINS }: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>) {
  const own = new URL(PUBLIC_URL);
  const names = LOOPBACK_HOSTS.includes(own.hostname) ? LOOPBACK_HOSTS : [own.hostname];
  const origins = names.map((name) => {
    const alias = new URL(own.origin);
    alias.hostname = name;
    return alias.origin;
  });
  return [...new Set([own.origin, ...origins, ...ALLOWED_ORIGINS])];
}
