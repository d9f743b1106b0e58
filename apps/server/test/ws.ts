/** A live-channel client for tests: collects every message and waits for the one a test expects. */
import type { TLiveMessage } from '@sewablast/contract/live';
import WebSocket from 'ws';

export interface LiveClient {
  messages: TLiveMessage[];
  /** When each of `messages` arrived (Date.now()), index for index. */
  receivedAt: number[];
  next(event: string, where?: (message: TLiveMessage) => boolean, ms?: number): Promise<TLiveMessage>;
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
    messages.push(JSON.parse(text) as TLiveMessage);
    receivedAt.push(Date.now());
  });
  return {
    messages,
    receivedAt,
    async next(event, where = () => true, ms = 5000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = messages.find((message) => message.event === event && where(message));
        if (found) return found;
        if (Date.now() > until)
          throw new Error(`no ${event} within ${ms} ms; got ${messages.map((m) => m.event).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => socket.close(),
  };
}
