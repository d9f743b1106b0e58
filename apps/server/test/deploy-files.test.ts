/**
 * The deployment files (Dockerfile, compose.yaml, deploy/nginx.conf) read as the tools would read them: no
 * container tool runs in CI, so compose.yaml is parsed with `yaml` (merge keys and `${VAR:-default}`
 * interpolation as compose does them) and each node's environment goes through the server's own
 * configuration parser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig, ZEnv } from '../src/config.ts';
import { buildTestApp } from './harness.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: unknown; disable?: boolean };
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
}

/** What the operator's .env must give: compose stops at `${VAR:?…}` without them. */
const REQUIRED = { JWT_SECRET: 'k'.repeat(64), POSTGRES_PASSWORD: 'pg-secret' };

/** Compose's interpolation: `${VAR:-default}` takes the default, `${VAR:?message}` the operator's value. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest = '') => {
    if (kind === '-') return rest;
    const given = REQUIRED[name as keyof typeof REQUIRED];
    if (given === undefined) throw new Error(`\${${name}} has no default and is not one the operator sets`);
    return given;
  });
}

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const envOf = (service: Service) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [key, interpolate(String(value))]),
  );
const nodesOf = (role: string) => services.filter(([, service]) => service.environment?.ROLE === role);
const countOf = (nodes: [string, Service][]) =>
  nodes.reduce((sum, [, service]) => sum + (service.deploy?.replicas ?? 1), 0);
const nodes = [...nodesOf('api'), ...nodesOf('worker')];

/** The Dockerfile's stages, each its FROM line's name and its instructions. */
function stages(text: string) {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n');
  const found: { name: string; from: string; steps: string[] }[] = [];
  for (const line of lines.map((entry) => entry.trim())) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) found.push({ from: from[1] ?? '', name: from[2] ?? '', steps: [] });
    else if (line && !line.startsWith('#')) found.at(-1)?.steps.push(line);
  }
  return found;
}

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, two api nodes, two workers and a reverse proxy', () => {
    const names = services.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['postgres', 'redis', 'proxy']));
    expect(countOf(nodesOf('api'))).toBeGreaterThanOrEqual(2);
    expect(countOf(nodesOf('worker'))).toBeGreaterThanOrEqual(2);
    expect(compose.services.proxy?.image).toMatch(/^nginx:/);
  });

  it('sets only variables the server knows, with values its configuration accepts', () => {
    const known = Object.keys(ZEnv.shape);
    for (const [name, service] of nodes) {
      const env = envOf(service);
      expect(
        Object.keys(env).filter((key) => !known.includes(key)),
        name,
      ).toEqual([]);
      expect(() => parseConfig(env), name).not.toThrow();
    }
  });

  it('gives every node the same database, Redis, signing key and public address', () => {
    const shared = ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PUBLIC_URL', 'ALLOWED_ORIGINS'];
    const values = nodes.map(([, service]) => shared.map((key) => envOf(service)[key]));
    expect(new Set(values.map((row) => JSON.stringify(row))).size).toBe(1);
    const config = parseConfig(envOf(nodes[0]?.[1] ?? {}));
    expect(config.db).toBe('postgres');
    expect(new URL(config.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(new URL(config.REDIS_URL ?? '').hostname).toBe('redis');
  });

  it('has api nodes listen on every interface, unpublished, trusting only the proxy in front', () => {
    for (const [name, service] of nodesOf('api')) {
      const config = parseConfig(envOf(service));
      expect(config.HOST, name).toBe('0.0.0.0');
      expect(config.PORT, name).toBe(8080);
      expect(config.TRUST_PROXY, name).not.toEqual([]);
      expect(service.ports, name).toBeUndefined();
    }
    expect(compose.services.proxy?.ports?.map(interpolate)).toEqual(['8080:80']);
  });

  it('starts each service once what it needs is healthy', () => {
    const checked = (name: string) => {
      const service = compose.services[name];
      if (service?.healthcheck) return !service.healthcheck.disable && Boolean(service.healthcheck.test);
      return service?.build !== undefined && /^HEALTHCHECK /m.test(read('Dockerfile'));
    };
    expect(checked('postgres') && checked('redis')).toBe(true);
    for (const [name, service] of [...nodes, ['proxy', compose.services.proxy ?? {}] as const]) {
      const needs = Object.entries(service.depends_on ?? {});
      expect(needs.length, name).toBeGreaterThan(0);
      for (const [need, { condition }] of needs) {
        expect(condition, `${name} → ${need}`).toBe('service_healthy');
        expect(checked(need), `${need} has a health check`).toBe(true);
      }
    }
    // The first node migrates and seeds alone; the others wait for it (seeding is not locked).
    const first = nodesOf('api')[0]?.[0] ?? '';
    expect(Object.keys(compose.services[first]?.depends_on ?? {}).sort()).toEqual(['postgres', 'redis']);
    for (const [name, service] of nodes.filter(([other]) => other !== first)) {
      expect(Object.keys(service.depends_on ?? {}), name).toContain(first);
    }
    expect(compose.services.postgres?.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(
      true,
    );
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf').replace(/#.*$/gm, '');
  const block = (header: RegExp) => {
    const start = conf.search(header);
    expect(start, String(header)).toBeGreaterThanOrEqual(0);
    const open = conf.indexOf('{', start);
    let depth = 0;
    for (let at = open; at < conf.length; at++) {
      if (conf[at] === '{') depth++;
      if (conf[at] === '}' && --depth === 0) return conf.slice(open + 1, at);
    }
    throw new Error(`unclosed ${header}`);
  };

  it('is the config compose mounts into the proxy', () => {
    expect(compose.services.proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('balances over every api node', () => {
    const upstream = block(/upstream\s+sewablast_api\s*\{/);
    const servers = [...upstream.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((match) => `${match[1]}:${match[2]}`);
    expect(servers.sort()).toEqual(nodesOf('api').map(([name]) => `${name}:8080`));
  });

  it('passes the WebSocket upgrade on /ws and everything else to the api nodes', () => {
    const ws = block(/location\s+\/ws\s*\{/);
    expect(ws).toMatch(/proxy_pass\s+http:\/\/sewablast_api;/);
    expect(ws).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade;/);
    expect(ws).toMatch(/proxy_set_header\s+Connection\s+\$connection_upgrade;/);
    expect(block(/map\s+\$http_upgrade\s+\$connection_upgrade\s*\{/)).toMatch(/default\s+upgrade;/);
    expect(block(/server\s*\{/)).toMatch(/proxy_http_version\s+1\.1;/);
    expect(block(/location\s+\/\s*\{/)).toMatch(/proxy_pass\s+http:\/\/sewablast_api;/);
  });

  it('writes the client address itself rather than passing on a forged one', () => {
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
    expect(conf).not.toMatch(/\$proxy_add_x_forwarded_for/);
  });
});

describe('Dockerfile', () => {
  const found = stages(read('Dockerfile'));
  const runtime = found.at(-1);
  const runtimeSteps = runtime?.steps ?? [];

  it('builds in named stages on Node 20 and runs the bundle as a non-root user', () => {
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const stage of found) {
      expect(stage.name).not.toBe('');
      expect(stage.from).toBe('node:20-bookworm-slim');
    }
    const users = runtimeSteps.filter((step) => /^USER\s/.test(step));
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(runtimeSteps.at(-1)).toBe('CMD ["node", "apps/server/dist/main.js"]');
  });

  it('keeps data in a volume, listens on the exposed port and checks liveness', () => {
    const env = runtimeSteps.find((step) => step.startsWith('ENV ')) ?? '';
    expect(env).toMatch(/\bHOST=0\.0\.0\.0\b/);
    expect(env).toMatch(/\bDATA_DIR=\/data\b/);
    expect(runtimeSteps).toContain('VOLUME /data');
    expect(runtimeSteps).toContain(`EXPOSE ${/\bPORT=(\d+)/.exec(env)?.[1]}`);
    const health = runtimeSteps.find((step) => step.startsWith('HEALTHCHECK ')) ?? '';
    expect(health).toContain('/api/health/live');
  });

  it('ships the production dependencies only', () => {
    const installs = (steps: string[]) => steps.filter((step) => /\bnpm (ci|install|i)\b/.test(step));
    expect(installs(runtimeSteps)).toEqual([]);
    for (const step of runtimeSteps.filter((line) => line.startsWith('COPY --from='))) {
      const [, stageName, source] = /^COPY --from=(\S+)\s+(\S+)/.exec(step) ?? [];
      const stage = found.find((entry) => entry.name === stageName);
      // A stage copied whole may hold node_modules: it must have installed without devDependencies.
      if (!source?.includes('/dist')) {
        expect(
          installs(stage?.steps ?? []).every((install) => install.includes('--omit=dev')),
          step,
        ).toBe(true);
        expect(
          stage?.steps.some((line) => /^COPY \. /.test(line)),
          step,
        ).toBe(false);
      }
    }
  });

  it('leaves local installs, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.env']));
  });
});

describe('the image health check', () => {
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    harness = await buildTestApp();
  });
  afterAll(() => harness.close());

  it('asks an endpoint the server answers 200 without signing in', async () => {
    const health =
      stages(read('Dockerfile'))
        .at(-1)
        ?.steps.find((step) => step.startsWith('HEALTHCHECK ')) ?? '';
    const path = /(\/api\/health[\w/]*)/.exec(health)?.[1] ?? '';
    expect((await harness.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });
});
