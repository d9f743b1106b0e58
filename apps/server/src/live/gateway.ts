/**
 * The live channel's WebSocket endpoint (DESIGN §7, §9): the Origin, the query, the token, the channel and
 * the user's socket count are checked before the upgrade, each refusal thrown to the error handler; a member's socket
 * receives only their own accounts' events and `client-admin` receives all. Each event is serialised once,
 * whatever the number of sockets. When a user's sessions change on any node (the bus says so), each socket
 * of theirs here has its token checked again, and those it no longer opens are closed.
 */
import websocket from '@fastify/websocket';
import { ADMIN_CHANNEL, memberChannel, PING, PONG, SESSION_ENDED_CLOSE } from '@sewablast/contract/live-channel';
import { inGroup } from '@sewablast/contract/roles';
import { SESSION_TEXT } from '@sewablast/contract/sessions-text';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Actor } from '../lib/actor.ts';
import { badRequest, forbidden, tooMany, unauthorized } from '../lib/app-error.ts';
import type { LimitStore } from '../lib/limit-store.ts';
import { liveSockets } from '../metrics/live-metrics.ts';
import type { EventBus } from './bus.ts';
import type { LiveConnections } from './connections.ts';

/** A socket that falls this far behind is closed; its client reconnects and resynchronises. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;
/**
 * Live sockets one user may hold at once, over all their channels (docs/decisions.md, Security): the
 * dashboard opens one per screen that needs it, so several tabs and the reconnects of a dropped network
 * stay below it, while one script cannot hold hundreds of the process's sockets.
 */
export const MAX_SOCKETS_PER_USER = 16;

interface Subscriber {
  socket: WebSocket;
  alive: boolean;
  /** What admitted the socket, checked again when the user's sessions change. */
  token: string;
  admin: boolean;
}

/** What the gateway needs of a signed-in caller: modules/auth's `Authenticate` answers it. */
interface LiveCaller {
  actor: Actor;
  /** Confined to changing a temporary password or setting up a second factor: no live channel. */
  temporary: boolean;
  twoFactorSetup: boolean;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

interface GatewayOptions {
  bus: EventBus;
  authenticate: (token: string) => Promise<LiveCaller | null>;
  /** The dashboard's own origins and ALLOWED_ORIGINS (`dashboardOrigins` of the config), known once it listens. */
  allowedOrigins: () => readonly string[];
  /** Where the sockets admitted here are listed, for the dev socket monitor. */
  connections?: LiveConnections;
  /** Where each user's sockets are counted against the cap: shared by every api node with Redis. */
  limits: LimitStore;
}

/** One `id` and one `token`, each a string of bounded length; a repeated one arrives as an array. */
const ZQuery = z.object({ id: z.string().max(64).default(''), token: z.string().max(4096).default('') });

/** What the checks before the upgrade found, for the socket that follows it. */
interface Admission {
  actor: Actor;
  admin: boolean;
  token: string;
  /** The count of announced session changes before the token was checked (see `sessionChanges`). */
  changesBefore: number;
  /** When the token expires: its socket closes then, as its HTTP calls answer 401 from then on. */
  expiresAt: number;
}

/** setTimeout's longest delay (about 24.8 days), past any token's lifetime. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether the caller may hold this channel: `client-admin` for the back office, else their own only. */
function channelAllowed(admin: boolean, id: string, actor: Actor): boolean {
  return admin ? inGroup(actor.role, 'backOffice') : id === memberChannel(actor.id);
}

/**
 * Judged against configured origins only: the Host header is the client's to write, and a page on a
 * rebound domain would name itself there. A client that sends no Origin is no web page (a server-side
 * integration): its token alone decides.
 */
function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || allowed.includes(origin);
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
  /** Every socket here by its user, whatever its channel: what a change of their sessions checks. */
  const byUser = new Map<number, Set<Subscriber>>();
  /** Sockets per user, counted from admission rather than upgrade: a burst of upgrades cannot overrun the cap. */
  const held = options.limits.slots('sockets', MAX_SOCKETS_PER_USER);
  const admissions = new WeakMap<FastifyRequest, Admission>();

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

  const checkAgain = async (subscriber: Subscriber) => {
    const caller = await options.authenticate(subscriber.token).catch(() => null);
    const confined = caller && (caller.temporary || caller.twoFactorSetup);
    const still = caller && !confined && (!subscriber.admin || inGroup(caller.actor.role, 'backOffice'));
    if (!still) subscriber.socket.close(SESSION_ENDED_CLOSE, 'session ended');
  };
  /**
   * Session changes announced here so far: a socket whose token was checked while one arrived is checked
   * again once it is listed, as the change may have missed it.
   */
  let sessionChanges = 0;
  const stopRechecks = options.bus.onSessionsChanged((userId) => {
    sessionChanges += 1;
    for (const subscriber of byUser.get(userId) ?? []) void checkAgain(subscriber);
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
    stopRechecks();
  });

  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // The token rides in the query string (a browser cannot set headers on a WebSocket) and is checked
    // below, before the upgrade.
    config: { access: 'public' },
    handler: async () => {
      throw badRequest(SERVER_TEXT.useWebSocket);
    },
    preValidation: async (request) => {
      if (!originAllowed(request, options.allowedOrigins())) throw forbidden(SERVER_TEXT.forbidden);
      const query = ZQuery.safeParse(request.query);
      if (!query.success) throw badRequest(SERVER_TEXT.invalidInput);
      const { id, token } = query.data;
      if (!token) throw unauthorized(TEXT.tokenMissing);
      const changesBefore = sessionChanges;
      const caller = await options.authenticate(token);
      if (!caller) throw unauthorized(SERVER_TEXT.tokenInvalid);
      // A session signed in with a temporary password may only change it: no events, QR codes included.
      if (caller.temporary) throw forbidden(SESSION_TEXT.temporaryOnly);
      // Nor does a back-office session that must set up its second factor first.
      if (caller.twoFactorSetup) throw forbidden(TWO_FACTOR_TEXT.setupRequired);
      const { actor } = caller;
      const admin = id === ADMIN_CHANNEL;
      if (!channelAllowed(admin, id, actor)) throw forbidden(SERVER_TEXT.forbidden);
      // A plain GET is answered by `handler` and holds no socket; a client gone while its token was checked
      // has already closed, and its upgrade will not complete.
      if (request.ws && !request.raw.socket.destroyed) {
        const release = await held.acquire(String(actor.id));
        if (!release) throw tooMany(SERVER_TEXT.tooManyRequests);
        // Counted against its user until the connection closes: a failed handshake, a close or a termination,
        // perhaps while the count was being taken.
        request.raw.socket.once('close', release);
        if (request.raw.socket.destroyed) release();
      }
      admissions.set(request, { actor, admin, token, changesBefore, expiresAt: caller.expiresAt });
    },
    wsHandler: (socket, request) => {
      const admission = admissions.get(request);
      if (!admission) return socket.close(1008, 'unauthorised');
      const { actor } = admission;
      const subscriber: Subscriber = { socket, alive: true, token: admission.token, admin: admission.admin };
      const group = admission.admin ? admins : (members.get(actor.id) ?? new Set<Subscriber>());
      if (group !== admins) members.set(actor.id, group);
      group.add(subscriber);
      const own = byUser.get(actor.id) ?? new Set<Subscriber>();
      byUser.set(actor.id, own);
      own.add(subscriber);
      if (sessionChanges !== admission.changesBefore) void checkAgain(subscriber);
      const expiry = setTimeout(
        () => socket.close(SESSION_ENDED_CLOSE, 'session ended'),
        Math.min(Math.max(admission.expiresAt - Date.now(), 0), LONGEST_TIMER_MS),
      );
      expiry.unref();
      liveSockets.inc();
      const drop = options.connections?.add({
        channel: admission.admin ? ADMIN_CHANNEL : memberChannel(actor.id),
        userId: actor.id,
        role: actor.role,
        connectedAt: new Date().toISOString(),
        remoteAddress: request.ip,
      });
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
        clearTimeout(expiry);
        liveSockets.dec();
        drop?.();
        group.delete(subscriber);
        if (group !== admins && group.size === 0) members.delete(actor.id);
        own.delete(subscriber);
        if (own.size === 0) byUser.delete(actor.id);
      });
    },
  });
}
