/**
 * The event bus between the processes that cause events (API, engine) and the ones that hold sockets:
 * in-process for the embedded deployment, Redis pub/sub when REDIS_URL is set (DESIGN §1, §7). Services
 * publish; only the gateway delivers to sockets.
 */
import { EventEmitter } from 'node:events';
import type { TLiveMessage } from '@sewablast/contract/live';
import { Redis } from 'ioredis';

/** A live message and the member it belongs to (null for events no member owns, which only admins see). */
export interface LiveEnvelope {
  userId: number | null;
  message: TLiveMessage;
}

export interface EventBus {
  publish(envelope: LiveEnvelope): Promise<void>;
  subscribe(handler: (envelope: LiveEnvelope) => void): () => void;
  close(): Promise<void>;
  /** Answers when the bus's server does (readiness); absent when the bus is in-process. */
  ping?(): Promise<unknown>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(envelope) {
      emitter.emit('event', envelope);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'sewablast:live';

export async function createRedisBus(url: string, onError: (error: Error) => void): Promise<EventBus> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  const local = createMemoryBus();
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      void local.publish(JSON.parse(raw) as LiveEnvelope);
    } catch (error) {
      onError(error as Error);
    }
  });
  return {
    async publish(envelope) {
      await publisher.publish(CHANNEL, JSON.stringify(envelope));
    },
    subscribe: local.subscribe,
    ping: () => publisher.ping(),
    async close() {
      await local.close();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
