/** A throw-away redis-server on a free loopback port, for the tests of what crosses processes. */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** CI always installs redis-server (.ci/run); elsewhere the Redis tests are skipped when it is missing. */
export const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const url = `redis://127.0.0.1:${port}`;
  for (const until = Date.now() + 10_000; ; ) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      probe.disconnect();
    }
  }
  return { url, stop: () => redis.kill() };
}
