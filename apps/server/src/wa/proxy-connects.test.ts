/**
 * A CONNECT through an HTTP proxy: bounded when the proxy never answers, ended when the agent is destroyed,
 * and a tunnel the proxy opened is the caller's (nothing left armed to end it).
 */

import type { ClientRequest } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedProxyAgent } from './proxy-connects.ts';

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A proxy that answers each CONNECT with `answer`, or never; `open` counts its connections not closed. */
async function proxy(answer: string | null) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      if (answer) socket.write(answer);
    });
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => server.close() });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, open: () => sockets.size };
}

const request = { emit: () => false, once: () => request } as unknown as ClientRequest;
const target = { host: 'web.whatsapp.com', port: 443, secureEndpoint: false } as never;

describe('a CONNECT through an HTTP proxy', () => {
  it('gives up a proxy that never answers after its bound, closing the socket', async () => {
    const silent = await proxy(null);
    const agent = new BoundedProxyAgent(silent.url, 50);
    await expect(agent.connect(request, target)).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(silent.open).toBe(0);
  });

  it('ends the CONNECTs under way when the agent is destroyed (the session closed)', async () => {
    const silent = await proxy(null);
    const agent = new BoundedProxyAgent(silent.url, 600_000);
    const connecting = agent.connect(request, target);
    await expect.poll(silent.open).toBe(1);
    agent.destroy();
    await expect(connecting).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(silent.open).toBe(0);
  });

  it('hands over a tunnel the proxy opened, with nothing armed to end it', async () => {
    const answering = await proxy('HTTP/1.1 200 Connection established\r\n\r\n');
    const agent = new BoundedProxyAgent(answering.url, 600_000);
    const socket = (await agent.connect(request, target)) as Socket;
    expect(socket.destroyed).toBe(false);
    expect((agent as unknown as { connecting: Set<unknown> }).connecting.size).toBe(0);
    socket.destroy();
  });
});
