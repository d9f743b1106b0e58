/**
 * The WhatsApp Web version (issue 22, item 7): read with a browser's headers, through the account's proxy,
 * from a local server standing in for web.whatsapp.com; a fallback to Baileys' bundled version is told.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import * as baileys from 'baileys';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, forgetWaWebVersion, waVersionStatus, waWebVersion } from './baileys-version.ts';

const bundled = baileys.DEFAULT_CONNECTION_CONFIG.version;
const servers: Server[] = [];

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** web.whatsapp.com's sw.js for the given revision; blocks a request that does not look like a browser's. */
async function whatsappWeb(revision: () => number, seen: IncomingHttpHeaders[] = []) {
  const port = await listen(
    createServer((req, res) => {
      seen.push(req.headers);
      if (!req.headers['user-agent']?.includes('Chrome') || req.headers['sec-fetch-dest'] !== 'serviceworker') {
        res.writeHead(403).end('blocked');
        return;
      }
      res.end(`self.__WB={\\"client_revision\\":${revision()},\\"other\\":1}`);
    }),
  );
  return `http://127.0.0.1:${port}/sw.js`;
}

/** An HTTP proxy that tunnels CONNECTs and remembers where to. */
async function proxy(targets: string[]) {
  const server = createServer();
  server.on('connect', (req, client, head) => {
    targets.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
  });
  return `http://127.0.0.1:${await listen(server)}`;
}

beforeEach(forgetWaWebVersion);
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('the WhatsApp Web version', () => {
  it("is read with a browser's headers and kept for the process until WhatsApp refuses it", async () => {
    let revision = 1029000001;
    const seen: IncomingHttpHeaders[] = [];
    const url = await whatsappWeb(() => revision, seen);
    expect(await waWebVersion({ url, bundled })).toEqual([2, 3000, 1029000001]);
    revision += 1;
    expect(await waWebVersion({ url, bundled })).toEqual([2, 3000, 1029000001]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject(BROWSER_HEADERS);
    forgetWaWebVersion();
    expect(await waWebVersion({ url, bundled })).toEqual([2, 3000, 1029000002]);
    expect(waVersionStatus()).toMatchObject({ version: '2.3000.1029000002', source: 'fetched', fallbackReason: null });
  });

  it("goes through the account's proxy", async () => {
    const url = await whatsappWeb(() => 1029000007);
    const targets: string[] = [];
    const agent = new HttpsProxyAgent(await proxy(targets));
    expect(await waWebVersion({ url, bundled, agent })).toEqual([2, 3000, 1029000007]);
    expect(targets).toEqual([new URL(url).host]);
  });

  it('falls back to the bundled version when WhatsApp Web blocks or cannot be reached, and says so', async () => {
    const blocked = await listen(createServer((_req, res) => res.writeHead(403).end('blocked')));
    const told: string[] = [];
    const onFallback = (reason: string) => told.push(reason);
    expect(await waWebVersion({ url: `http://127.0.0.1:${blocked}/sw.js`, bundled, onFallback })).toEqual(bundled);
    expect(told).toEqual(['sw.js answered 403']);
    expect(waVersionStatus()).toMatchObject({ source: 'bundled', fallbackReason: 'sw.js answered 403' });
    forgetWaWebVersion();
    expect(await waWebVersion({ url: 'http://127.0.0.1:9/sw.js', bundled, onFallback })).toEqual(bundled);
    expect(told[1]).toMatch(/ECONNREFUSED/);
  });
});
