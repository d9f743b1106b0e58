/**
 * Baileys' real socket code, offline: `makeWASocket` connected to a local WebSocket server that accepts and
 * stays silent, so that the socket, its handlers, its caches and its timers are Baileys' own. A test feeds
 * WhatsApp's frames through the socket's own dispatch (`frame` below emits every `CB:` name Baileys' frame
 * decoder would) and reads what the driver made of them.
 */
import type { AddressInfo } from 'node:net';
import * as baileys from 'baileys';
import { WebSocketServer } from 'ws';
import { BaileysDriver, type BaileysDriverOptions } from '../src/wa/baileys.ts';
import type { BaileysSocket } from '../src/wa/baileys-socket.ts';
import type { OpenSessionOptions, SessionEvent, WaSession } from '../src/wa/driver.ts';

export type WireSocket = BaileysSocket & {
  ws: BaileysSocket['ws'] & { isOpen: boolean; emit(event: string, node: baileys.BinaryNode): boolean };
};

/**
 * A WebSocket server that takes connections and never answers; `drop` ends every connection it holds. The
 * frames Baileys writes after its handshake's first one go unencrypted (the handshake never ends), so each is
 * decoded and handed to `listeners`, as WhatsApp's server would read it.
 */
export async function silentServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const listeners = new Set<(node: baileys.BinaryNode) => void>();
  server.on('connection', (client) => {
    let hello = true;
    client.on('message', (data: Buffer) => {
      // The first message is the noise intro and ClientHello, no node.
      if (hello) {
        hello = false;
        return;
      }
      const bytes = Buffer.from(data);
      for (let at = 0; at + 3 <= bytes.length; ) {
        const length = (bytes[at] as number) * 65536 + (bytes[at + 1] as number) * 256 + (bytes[at + 2] as number);
        const payload = bytes.subarray(at + 3, at + 3 + length);
        at += 3 + length;
        // A frame that is no node (none is written before the handshake ends) is not WhatsApp's to read here.
        void baileys.decodeBinaryNode(payload).then(
          (node) => {
            for (const listener of listeners) listener(node);
          },
          () => undefined,
        );
      }
    });
  });
  return {
    url: `ws://127.0.0.1:${port}/ws/chat`,
    server,
    listeners,
    drop: () => {
      for (const client of server.clients) client.terminate();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The events Baileys' decoder emits for a frame (socket.ts onMessageReceived), in its order: its tag, then `CB:`s. */
export function frame(socket: WireSocket, node: baileys.BinaryNode) {
  const { ws } = socket;
  if (node.attrs.id) ws.emit(`TAG:${node.attrs.id}`, node);
  const l0 = node.tag;
  const l2 = Array.isArray(node.content) ? (node.content[0]?.tag ?? '') : '';
  for (const [key, value] of Object.entries(node.attrs)) {
    ws.emit(`CB:${l0},${key}:${value},${l2}`, node);
    ws.emit(`CB:${l0},${key}:${value}`, node);
    ws.emit(`CB:${l0},${key}`, node);
  }
  ws.emit(`CB:${l0},,${l2}`, node);
  ws.emit(`CB:${l0}`, node);
}

/** A session of the real driver whose sockets are Baileys' own, connected to `url`. */
export async function openWired(
  url: string,
  open: Partial<OpenSessionOptions> = {},
  driverOptions: BaileysDriverOptions = {},
  socketOptions: Partial<baileys.UserFacingSocketConfig> = {},
) {
  const sockets: WireSocket[] = [];
  const sentNodes: baileys.BinaryNode[] = [];
  const driver = new BaileysDriver({
    version: async () => [2, 3000, 1029000000],
    makeSocket: (config) => {
      const socket = baileys.makeWASocket({
        ...config,
        ...socketOptions,
        waWebSocketUrl: url,
      }) as unknown as WireSocket;
      const sendNode = socket.sendNode.bind(socket);
      socket.sendNode = (node) => {
        sentNodes.push(node);
        return sendNode(node);
      };
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
  return { session, events, sockets, sentNodes, socket: () => sockets.at(-1) as WireSocket };
}
