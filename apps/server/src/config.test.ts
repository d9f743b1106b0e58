import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

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
      LOG_LEVEL: 'info',
      IMPORT_MAX_MB: 50,
      ALLOWED_ORIGINS: [],
      db: 'pglite',
      SEED_DEMO: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('turns demo seeding off by default on PostgreSQL, and on when asked', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/db' })).toMatchObject({
      db: 'postgres',
      SEED_DEMO: false,
    });
    expect(parseConfig({ DATABASE_URL: 'postgresql://localhost/db', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(parseConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('treats empty values as unset and splits allowed origins', () => {
    const config = parseConfig({ DATABASE_URL: '', JWT_SECRET: '', ALLOWED_ORIGINS: 'https://a.test, https://b.test' });
    expect(config.db).toBe('pglite');
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.test', 'https://b.test']);
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
    ['ROLE', 'api'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
