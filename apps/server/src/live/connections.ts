/**
 * The live-channel sockets this node holds, by channel, for the dev socket monitor (issue 14): the gateway
 * adds each socket it admits and drops it on close.
 */
import { hostname } from 'node:os';
import type { TLiveConnection } from '@sewablast/contract/monitor';

/** How this node names itself in a census. */
export const THIS_NODE = `${hostname()}:${process.pid}`;

export type LiveConnectionInfo = Omit<TLiveConnection, 'node'>;

export class LiveConnections {
  private readonly open = new Set<LiveConnectionInfo>();

  /** Counts the socket until the returned function is called. */
  add(connection: LiveConnectionInfo): () => void {
    this.open.add(connection);
    return () => this.open.delete(connection);
  }

  get size(): number {
    return this.open.size;
  }

  on(channels: readonly string[]): LiveConnectionInfo[] {
    return [...this.open].filter((connection) => channels.includes(connection.channel));
  }
}
