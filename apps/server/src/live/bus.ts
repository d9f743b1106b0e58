/**
 * The event bus between the processes that cause events (API, engine) and the ones that hold sockets:
 * in-process for the embedded deployment, Redis pub/sub when REDIS_URL is set (DESIGN §1, §7). Services
 * publish; only the gateway delivers to sockets.
 */
import { EventEmitter } from 'node:events';
import type { TLiveMessage } from '@sewablast/contract/live';
import { newRedis } from '../lib/redis-client.ts';

/** A live message and the member it belongs to (null for events no member owns, which only admins see). */
export interface LiveEnvelope {
  userId: number | null;
  message: TLiveMessage;
}

/**
 * A user's sessions changed (a sign-out, a revoked session, a new password, a new role): every node checks
 * that user's live sockets again and closes those their token no longer opens.
 */
interface SessionsChanged {
  sessionsOf: number;
}

type BusEnvelope = LiveEnvelope | SessionsChanged;

export interface EventBus {
  publish(envelope: LiveEnvelope): Promise<void>;
  subscribe(handler: (envelope: LiveEnvelope) => void): () => void;
  /** Tells every node that `userId`'s sessions changed. */
  sessionsChanged(userId: number): Promise<void>;
  onSessionsChanged(handler: (userId: number) => void): () => void;
  close(): Promise<void>;
  /** Answers when the bus's server does (readiness); absent when the bus is in-process. */
  ping?(): Promise<unknown>;
}

function listen<T>(emitter: EventEmitter, name: string, handler: (value: T) => void): () => void {
  emitter.on(name, handler);
  return () => emitter.off(name, handler);
}

/** The in-process bus, and each Redis bus's delivery to its own process. */
function createLocalBus(emitter = new EventEmitter()) {
  emitter.setMaxListeners(0);
  return {
    deliver(envelope: BusEnvelope) {
      if ('sessionsOf' in envelope) emitter.emit('sessions', envelope.sessionsOf);
      else emitter.emit('event', envelope);
    },
    subscribe: (handler: (envelope: LiveEnvelope) => void) => listen(emitter, 'event', handler),
    onSessionsChanged: (handler: (userId: number) => void) => listen(emitter, 'sessions', handler),
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createMemoryBus(): EventBus {
  const local = createLocalBus();
  return {
    async publish(envelope) {
      local.deliver(envelope);
    },
    async sessionsChanged(userId) {
      local.deliver({ sessionsOf: userId });
    },
    subscribe: local.subscribe,
    onSessionsChanged: local.onSessionsChanged,
    close: local.close,
  };
}

const CHANNEL = 'sewablast:live';

export async function createRedisBus(url: string, onError: (error: Error) => void): Promise<EventBus> {
  const publisher = await newRedis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = await newRedis(url, { lazyConnect: true });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  const local = createLocalBus();
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      local.deliver(JSON.parse(raw) as BusEnvelope);
    } catch (error) {
      onError(error as Error);
    }
  });
  return {
    async publish(envelope) {
      await publisher.publish(CHANNEL, JSON.stringify(envelope));
    },
    async sessionsChanged(userId) {
      await publisher.publish(CHANNEL, JSON.stringify({ sessionsOf: userId } satisfies SessionsChanged));
    },
    subscribe: local.subscribe,
    onSessionsChanged: local.onSessionsChanged,
    ping: () => publisher.ping(),
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
