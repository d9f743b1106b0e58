import { describe, expect, it } from 'vitest';
import { ConfigError, dashboardOrigins, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('applies the defaults of DESIGN §1', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ROLE: 'all',
      WA_DRIVER: 'simulator',
      BUSINESS_TZ: 'Asia/Jakarta',
      SIM_SCAN_MS: 5000,
      SIM_RECONNECT_MS: 3000,
      LOG_LEVEL: 'info',
      IMPORT_MAX_MB: 50,
      ALLOWED_ORIGINS: [],
      PUBLIC_URL: 'http://127.0.0.1:8080',
      db: 'embedded',
      SEED_DEMO: true,
      LEASE_SECONDS: 30,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('leaves metrics closed unless a token of 16 characters or a port is given', () => {
    expect(parseConfig({ METRICS_TOKEN: '', METRICS_PORT: '' })).toMatchObject({ METRICS_HOST: '127.0.0.1' });
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({}).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => parseConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
  });

  it('takes a lease of 3 to 300 seconds', () => {
    expect(parseConfig({ LEASE_SECONDS: '5' }).LEASE_SECONDS).toBe(5);
    expect(() => parseConfig({ LEASE_SECONDS: '2' })).toThrow(/LEASE_SECONDS/);
    expect(() => parseConfig({ LEASE_SECONDS: '301' })).toThrow(/LEASE_SECONDS/);
  });

  it('takes an operator WhatsApp Web version as three numbers, unset when empty', () => {
    expect(parseConfig({ WA_VERSION: '2.3000.1029000000' }).WA_VERSION).toEqual([2, 3000, 1029000000]);
    expect(parseConfig({ WA_VERSION: '' }).WA_VERSION).toBeUndefined();
    expect(() => parseConfig({ WA_VERSION: '2.3000' })).toThrow(/WA_VERSION: must be three numbers/);
  });

  it('turns demo seeding off by default on PostgreSQL, and on when asked', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/db' })).toMatchObject({
      db: 'postgres',
      SEED_DEMO: false,
    });
    expect(parseConfig({ DATABASE_URL: 'postgresql://localhost/db', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(parseConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('requires a second factor of the back office unless TWO_FACTOR_REQUIRED turns it off', () => {
    expect(parseConfig({}).TWO_FACTOR_REQUIRED).toBe(true);
    expect(parseConfig({ TWO_FACTOR_REQUIRED: '' }).TWO_FACTOR_REQUIRED).toBe(true);
    expect(parseConfig({ TWO_FACTOR_REQUIRED: '0' }).TWO_FACTOR_REQUIRED).toBe(false);
    expect(() => parseConfig({ TWO_FACTOR_REQUIRED: 'maybe' })).toThrow(/TWO_FACTOR_REQUIRED/);
  });

  it('treats empty values as unset and splits allowed origins', () => {
    const config = parseConfig({ DATABASE_URL: '', JWT_SECRET: '', ALLOWED_ORIGINS: 'https://a.test, https://b.test' });
    expect(config.db).toBe('embedded');
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.test', 'https://b.test']);
  });

  it('reduces each allowed origin to scheme, host and port, as a browser sends it', () => {
    const config = parseConfig({ ALLOWED_ORIGINS: 'https://a.test/, http://localhost:5173/app, https://b.test:443' });
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.test', 'http://localhost:5173', 'https://b.test']);
  });

  it('derives PUBLIC_URL from HOST and PORT when unset, as a browser on this machine would write it', () => {
    expect(parseConfig({ HOST: '10.0.0.5', PORT: '3000' }).PUBLIC_URL).toBe('http://10.0.0.5:3000');
    expect(parseConfig({ HOST: '0.0.0.0' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ HOST: '::' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ HOST: '::1', PORT: '9000' }).PUBLIC_URL).toBe('http://[::1]:9000');
    expect(parseConfig({ PUBLIC_URL: '', PORT: '3000' }).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(parseConfig({ PUBLIC_URL: 'https://blast.example.com/', PORT: '3000' }).PUBLIC_URL).toBe(
      'https://blast.example.com',
    );
  });

  it("allows the live channel PUBLIC_URL's origin and ALLOWED_ORIGINS, and no other", () => {
    const config = parseConfig({
      PUBLIC_URL: 'https://blast.example.com/app',
      ALLOWED_ORIGINS: 'https://partner.test',
    });
    expect(dashboardOrigins(config)).toEqual(['https://blast.example.com', 'https://partner.test']);
    expect(dashboardOrigins(parseConfig({ PUBLIC_URL: 'https://blast.example.com:8443' }))).toEqual([
      'https://blast.example.com:8443',
    ]);
  });

  it('counts the loopback names of a loopback PUBLIC_URL as the same dashboard, on its port only', () => {
    expect(dashboardOrigins(parseConfig({}))).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
    expect(dashboardOrigins(parseConfig({ PUBLIC_URL: 'http://localhost:5000' }))).toEqual([
      'http://localhost:5000',
      'http://127.0.0.1:5000',
      'http://[::1]:5000',
    ]);
  });

  it('reads S3_URL as endpoint, bucket, prefix, region, path style and keys; unset, files stay in the database', () => {
    expect(parseConfig({}).S3_URL).toBeUndefined();
    expect(parseConfig({ S3_URL: '' }).S3_URL).toBeUndefined();
    expect(parseConfig({ S3_URL: 'http://minio:9000/sewablast' }).S3_URL).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'sewablast',
      prefix: 'files/',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: undefined,
    });
    // A secret key's '/' and '+' are written %-escaped in a URL's password.
    const aws =
      'https://AKIAEXAMPLE:a%2Fb%2Bc@s3.eu-west-1.amazonaws.com/media-bucket/prod/uploads?region=eu-west-1&path_style=0';
    expect(parseConfig({ S3_URL: aws }).S3_URL).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'media-bucket',
      prefix: 'prod/uploads/',
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'a/b+c' },
    });
  });

  it('lets api and worker processes run only with a shared PostgreSQL and Redis', () => {
    const shared = { DATABASE_URL: 'postgres://localhost/db', REDIS_URL: 'redis://localhost:6379' };
    expect(parseConfig({ ROLE: 'worker', ...shared }).ROLE).toBe('worker');
    expect(() => parseConfig({ ROLE: 'worker', DATABASE_URL: shared.DATABASE_URL })).toThrow(/ROLE:.*REDIS_URL/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['ROLE', 'web'],
    ['WA_DRIVER', 'twilio'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'http://localhost'],
    ['JWT_SECRET', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['BUSINESS_TZ', 'Mars/Olympus'],
    ['SEED_DEMO', 'maybe'],
    ['IMPORT_MAX_MB', '-1'],
    ['PUBLIC_URL', 'blast.example.com'],
    ['PUBLIC_URL', 'ftp://blast.example.com'],
    ['ALLOWED_ORIGINS', '*'],
    ['ALLOWED_ORIGINS', 'https://a.test, partner.test'],
    ['ROLE', 'api'],
    ['S3_URL', 's3://bucket'],
    ['S3_URL', 'http://127.0.0.1:9000'],
    ['S3_URL', 'http://127.0.0.1:9000/Files_Bucket'],
    ['S3_URL', 'http://key@127.0.0.1:9000/files'],
    ['S3_URL', 'http://127.0.0.1:9000/files?path_style=yes'],
    ['S3_URL', 'http://127.0.0.1:9000/files?regoin=eu-west-1'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
