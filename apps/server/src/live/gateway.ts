/**
 * The live channel's WebSocket endpoint (DESIGN §7, §9): the token and channel are checked before the
 * upgrade, a foreign Origin is refused, a member's socket receives only their own accounts' events and
 * `client-admin` receives all. Each event is serialised once, whatever the number of sockets.
 */
import websocket from '@fastify/websocket';
import { ADMIN_CHANNEL, memberChannel, PING, PONG } from '@sewablast/contract/live';
import { BACK_OFFICE_ROLES, effectiveRole } from '@sewablast/contract/roles';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { TokenService } from '../modules/auth/tokens.ts';
import type { UserService } from '../modules/users/service.ts';
import type { EventBus } from './bus.ts';

/** A socket that falls this far behind is closed; its client reconnects and resynchronises. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;

interface Subscriber {
  socket: WebSocket;
  alive: boolean;
}

interface GatewayOptions {
  bus: EventBus;
  tokens: TokenService;
  users: UserService;
  allowedOrigins: string[];
}

const ZQuery = z.object({ id: z.string().max(64).default(''), token: z.string().max(4096).default('') });

function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const own = `${request.protocol}://${request.headers.host}`;
  return origin === own || allowed.includes(origin);
}

/** Clients may send `ping` as plain text or as `{"event":"ping"}`; each is answered in its own form. */
function isJsonPing(text: string): boolean {
  try {
    return (JSON.parse(text) as { event?: unknown })?.event === PING;
  } catch {
    return false;
  }
}

export async function registerLiveGateway(app: FastifyInstance, options: GatewayOptions): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const admins = new Set<Subscriber>();
  const members = new Map<number, Set<Subscriber>>();

  const deliver = (subscribers: Iterable<Subscriber>, data: string) => {
    for (const subscriber of subscribers) {
      const { socket } = subscriber;
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.close(1013, 'too slow');
      else socket.send(data);
    }
  };

  const unsubscribe = options.bus.subscribe(({ userId, message }) => {
    const data = JSON.stringify(message);
    deliver(admins, data);
    const own = userId === null ? undefined : members.get(userId);
    if (own) deliver(own, data);
  });

  const heartbeat = setInterval(() => {
    for (const subscriber of [...admins, ...[...members.values()].flatMap((set) => [...set])]) {
      if (!subscriber.alive) subscriber.socket.terminate();
      else {
        subscriber.alive = false;
        subscriber.socket.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
  });

  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    handler: (_request, reply) => reply.code(400).send({ msg: 'Gunakan WebSocket.' }),
    preValidation: async (request, reply) => {
      if (!originAllowed(request, options.allowedOrigins)) return reply.code(403).send({ msg: SERVER_TEXT.forbidden });
      const { id, token } = ZQuery.parse(request.query);
      if (!token) return reply.code(401).send({ msg: TEXT.tokenMissing });
      const userId = await options.tokens.verify(token);
      const user = userId === null ? undefined : await options.users.findById(userId);
      const role = effectiveRole(user?.role);
      if (!user || !role) return reply.code(401).send({ msg: SERVER_TEXT.tokenInvalid });
      const admin = id === ADMIN_CHANNEL;
      if (admin ? !BACK_OFFICE_ROLES.includes(role) : id !== memberChannel(user.id)) {
        return reply.code(403).send({ msg: SERVER_TEXT.forbidden });
      }
      request.actor = { id: user.id, role };
    },
    wsHandler: (socket, request) => {
      const actor = request.actor;
      if (!actor) return socket.close(1008, 'unauthorised');
      const subscriber: Subscriber = { socket, alive: true };
      const { id } = ZQuery.parse(request.query);
      const group = id === ADMIN_CHANNEL ? admins : (members.get(actor.id) ?? new Set<Subscriber>());
      if (group !== admins) members.set(actor.id, group);
      group.add(subscriber);
      socket.on('pong', () => {
        subscriber.alive = true;
      });
      socket.on('message', (raw, isBinary) => {
        subscriber.alive = true;
        if (isBinary) return;
        const text = raw.toString();
        if (text === PING) socket.send(PONG);
        else if (isJsonPing(text)) socket.send(JSON.stringify({ event: PONG }));
      });
      socket.on('close', () => {
        group.delete(subscriber);
        if (group !== admins && group.size === 0) members.delete(actor.id);
      });
    },
  });
}
