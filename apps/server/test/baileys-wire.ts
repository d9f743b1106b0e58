/**
 * Baileys' real socket code wired to a local server: `openWired` opens sessions of the real driver whose
 * sockets are `makeWASocket`'s own, connected to the fake WhatsApp endpoint (fake-wa/) or to a server that
 * accepts and stays silent (`silentServer`, for the reconnect heap test's child), so that the socket, its
 * handlers, its caches and its timers are Baileys' own.
 */
import type { AddressInfo } from 'node:net';
import * as baileys from 'baileys';
import { WebSocketServer } from 'ws';
import { BaileysDriver, type BaileysDriverOptions } from '../src/wa/baileys.ts';
import type { BaileysSocket } from '../src/wa/baileys-socket.ts';
import type { OpenSessionOptions, SessionEvent, WaSession } from '../src/wa/driver.ts';

export type WireSocket = BaileysSocket & {
  ws: BaileysSocket['ws'] & { isOpen: boolean };
};

/** A WebSocket server that takes connections and never answers: Baileys' handshake never ends. */
export async function silentServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws/chat`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A session of the real driver whose sockets are Baileys' own, connected to `url`; `configs` holds what the
 * driver gave each. `upload` stands in for WhatsApp's media hosts (fake-wa/media.ts).
 */
export async function openWired(
  url: string,
  open: Partial<OpenSessionOptions> = {},
  driverOptions: BaileysDriverOptions = {},
  socketOptions: Partial<baileys.UserFacingSocketConfig> = {},
  upload?: baileys.WAMediaUploadFunction,
) {
  const sockets: WireSocket[] = [];
  const configs: baileys.UserFacingSocketConfig[] = [];
  const driver = new BaileysDriver({
    version: async () => [2, 3000, 1029000000],
    makeSocket: (config) => {
      configs.push(config);
      const socket = baileys.makeWASocket({
        ...config,
        ...socketOptions,
        waWebSocketUrl: url,
      }) as unknown as WireSocket;
      if (upload) socket.waUploadToServer = upload;
      sockets.push(socket);
      return socket;
    },
    composingMs: 0,
    reconnectBaseMs: 60_000,
    ...driverOptions,
  });
  const session: WaSession = await driver.open({ deviceId: 'wired-1', authState: null, ...open });
  const events: SessionEvent[] = [];
  session.subscribe((event) => events.push(event));
  return { session, events, sockets, configs, socket: () => sockets.at(-1) as WireSocket };
}
