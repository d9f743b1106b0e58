/**
 * A Redis connection for REDIS_URL's bus, commands and limits. ioredis (some 40 modules and about 15 MB of the
 * server's memory) is loaded by the first such connection, so a server without Redis never loads it.
 */
import type { Redis, RedisOptions } from 'ioredis';

export async function newRedis(url: string, options: RedisOptions): Promise<Redis> {
  const { Redis: Client } = await import('ioredis');
  return new Client(url, options);
}
