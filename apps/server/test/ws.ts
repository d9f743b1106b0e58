/**
 * A live-channel client for tests: collects every message and waits for the one a test expects. Each message
 * is held to its kind (contract live.ts): a field a kind does not name, or one it names and the message lacks,
 * fails the test that received it.
 */
import { type TLiveMessage, type TLiveMessageOf, ZLiveMessage } from '@sewablast/contract/live';
import type { TLiveEventName } from '@sewablast/contract/live-channel';
import WebSocket from 'ws';

export interface LiveClient {
  messages: TLiveMessage[];
  /** When each of `messages` arrived (Date.now()), index for index. */
  receivedAt: number[];
  next<E extends TLiveEventName>(
    event: E,
    where?: (message: TLiveMessageOf<E>) => boolean,
    ms?: number,
  ): Promise<TLiveMessageOf<E>>;
  /** The messages of `event` received so far (that `where` holds for). */
  all<E extends TLiveEventName>(event: E, where?: (message: TLiveMessageOf<E>) => boolean): TLiveMessageOf<E>[];
  close(): void;
}

export async function openLive(base: string, query: string): Promise<LiveClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?${query}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
  });
  const messages: TLiveMessage[] = [];
  const receivedAt: number[] = [];
  socket.on('message', (data) => {
    const text = data.toString();
    if (!text.startsWith('{')) return;
    messages.push(ZLiveMessage.parse(JSON.parse(text)));
    receivedAt.push(Date.now());
  });
  return {
    messages,
    receivedAt,
    async next<E extends TLiveEventName>(
      event: E,
      where: (message: TLiveMessageOf<E>) => boolean = () => true,
      ms = 5000,
    ) {
      const until = Date.now() + ms;
      const named = (message: TLiveMessage): message is TLiveMessageOf<E> => message.event === event;
      for (;;) {
        const found = messages.filter(named).find(where);
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no ${event} within ${ms} ms; got ${messages.map((m) => m.event).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    all<E extends TLiveEventName>(event: E, where: (message: TLiveMessageOf<E>) => boolean = () => true) {
      return messages.filter((message): message is TLiveMessageOf<E> => message.event === event).filter(where);
    },
    close: () => socket.close(),
  };
}
