/** A throw-away redis-server on a free loopback port, for the tests of what crosses processes. */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

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

/**
 * redis-server on a port found free, or null when another process took that port first. redis-server cannot
 * be told to pick one itself (`--port 0` turns TCP off), so the port is found free and may be taken before
 * Redis binds it: its own "ready" line, not an answer on the port, which could be another's, says it holds it.
 */
async function launch(): Promise<{ url: string; stop(): void } | null> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = await new Promise<boolean>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      if (!output.includes('Ready to accept connections')) return;
      // Its log is read on and dropped: a full pipe would stall it.
      redis.stdout.off('data', read).resume();
      redis.stderr.off('data', read).resume();
      resolve(true);
    };
    redis.stdout.on('data', read);
    redis.stderr.on('data', read);
    redis.once('exit', () => resolve(false));
  });
  if (!ready) {
    if (output.includes('Address already in use')) return null;
    throw new Error(`redis-server did not start:\n${output}`);
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => redis.kill() };
}

export async function startRedis(): Promise<{ url: string; stop(): void }> {
  for (let attempt = 1; ; attempt++) {
    const started = await launch();
    if (started) return started;
    if (attempt === 5) throw new Error('redis-server found no free port in 5 attempts');
  }
}
