/**
 * The live-socket census across api nodes (issue 14): a question published to every node over the command
 * transport (Redis); each node that holds sockets on the channels asked answers with them. The asker cannot
 * know how many nodes are up, so it gathers answers for a short window.
 */
import { randomBytes } from 'node:crypto';
import type { TLiveConnection } from '@sewablast/contract/monitor';
import type { CommandTransport, Reply } from '../../engine/index.ts';
import type { LiveConnections } from '../../live/connections.ts';

/** Loopback Redis answers in a millisecond; a busy node still has half a second. */
const WINDOW_MS = 500;

export type Census = (channels: string[]) => Promise<TLiveConnection[]>;

/** Answers other nodes' censuses with this node's sockets, labelled `node`. */
export function answerCensus(transport: CommandTransport, connections: LiveConnections, node: string): void {
  transport.onRequest(({ id, replyTo, command }) => {
    if (command.type !== 'sockets') return;
    const data = connections.on(command.channels).map((connection) => ({ ...connection, node }));
    if (data.length > 0) void transport.reply(replyTo, { id, ok: true, data }).catch(() => {});
  });
}

export function createCensus(transport: CommandTransport, windowMs = WINDOW_MS): Census {
  const gathering = new Map<string, (reply: Reply) => void>();
  transport.onReply((reply) => gathering.get(reply.id)?.(reply));
  return async (channels) => {
    const id = randomBytes(8).toString('hex');
    const found: TLiveConnection[] = [];
    gathering.set(id, (reply) => {
      if (reply.ok && Array.isArray(reply.data)) found.push(...(reply.data as TLiveConnection[]));
    });
    try {
      await transport.request({
        id,
        replyTo: transport.nodeId,
        workerId: null,
        command: { type: 'sockets', channels },
      });
      await new Promise((resolve) => setTimeout(resolve, windowMs));
    } finally {
      gathering.delete(id);
    }
    return found;
  };
}
