/**
 * One socket of a session, as the driver opens each: the account's creds and keys, no presence or history
 * it did not ask for, group and broadcast traffic left unread, the session's own caches, retries answered
 * from its sent messages, the proxy's agent; then Baileys' key-store work kept out of ended transactions.
 */
import type { AuthenticationCreds, SignalKeyStore, UserFacingSocketConfig, WAVersion } from 'baileys';
import type { pino } from 'pino';
import type { SessionCaches } from './baileys-caches.ts';
import { ignoredJid } from './baileys-incoming.ts';
import type { proxyAgent } from './baileys-proxy.ts';
import type { BaileysSocket, MakeSocket } from './baileys-socket.ts';
import { endedTransactionsOutside, retriesOutsideTransactions } from './baileys-transactions.ts';

type BaileysModule = typeof import('baileys');

export interface SocketParts {
  creds: AuthenticationCreds;
  keys: SignalKeyStore;
  logger: ReturnType<typeof pino>;
  /** Undefined: the version bundled with Baileys. */
  version: WAVersion | undefined;
  /** How a retry request finds a message sent (baileys-sent.ts). */
  retries: Pick<UserFacingSocketConfig, 'getMessage'>;
  caches: SessionCaches;
  agent: ReturnType<typeof proxyAgent>;
}

/** Throws what makeSocket throws. */
export function openSocket(lib: BaileysModule, makeSocket: MakeSocket, parts: SocketParts): BaileysSocket {
  const { agent, version } = parts;
  const socket = makeSocket({
    auth: { creds: parts.creds, keys: parts.keys },
    logger: parts.logger,
    ...(version ? { version } : {}),
    // The pairing-code flow takes only a browser WhatsApp knows (its companion platform is read from
    // the name); Baileys' own default is this one.
    browser: lib.Browsers.ubuntu('Chrome'),
    printQRInTerminal: false,
    markOnlineOnConnect: false,
    syncFullHistory: false,
    shouldSyncHistoryMessage: () => false,
    shouldIgnoreJid: ignoredJid(lib),
    ...parts.retries,
    ...parts.caches.socket,
    makeSignalRepository: parts.caches.signalRepository(lib),
    ...(agent ? { agent, fetchAgent: agent } : {}),
  });
  socket.authState.keys = endedTransactionsOutside(socket.authState.keys);
  if (socket.messageRetryManager) retriesOutsideTransactions(socket.messageRetryManager);
  return socket;
}
