/** The part of a Baileys socket the driver uses (makeWASocket's answer, typed down to what the driver calls). */
import type {
  BaileysEventMap,
  BinaryNode,
  proto,
  ReachoutTimelockState,
  SignalKeyStoreWithTransaction,
  UserFacingSocketConfig,
  WAMediaUploadFunction,
  WAVersion,
} from 'baileys';
import type { proxyAgent } from './baileys-proxy.ts';

export interface BaileysSocket {
  ev: {
    on<T extends keyof BaileysEventMap>(event: T, listener: (value: BaileysEventMap[T]) => void): void;
  };
  /** The decoded frames from WhatsApp's servers, by Baileys' `CB:` event names. */
  ws: { on(event: string, listener: (node: BinaryNode) => void): void };
  user?: { id: string; lid?: string; name?: string; notify?: string; verifiedName?: string };
  /** Encrypts and sends a message already built. */
  relayMessage(jid: string, message: proto.IMessage, options: { messageId: string }): Promise<string>;
  waUploadToServer: WAMediaUploadFunction;
  /** Writes a frame as it is (an ack Baileys does not send itself). */
  sendNode(node: BinaryNode): Promise<void>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined>;
  presenceSubscribe(jid: string): Promise<void>;
  requestPairingCode(phoneNumber: string): Promise<string>;
  sendPresenceUpdate(type: 'composing' | 'paused' | 'available' | 'unavailable', jid?: string): Promise<void>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): void;
  /** Baileys 7's map between phone-number JIDs and LIDs, kept in the key store. */
  signalRepository: {
    lidMapping: {
      getLIDForPN(pn: string): Promise<string | null>;
      getPNForLID(lid: string): Promise<string | null>;
    };
  };
  authState: { keys: SignalKeyStoreWithTransaction };
  /** Baileys' keeper of recent sends for retry requests (null when its recent-message cache is off). */
  messageRetryManager?: object | null;
  serverProps: { lidTrustedTokenIssueToLid: boolean };
  /** Asks WhatsApp for the account's reach-out timelock (and emits it as `connection.update`). */
  fetchAccountReachoutTimelock(): Promise<ReachoutTimelockState>;
  /** Issues the account's trusted-contact token to contacts; WhatsApp's answer may carry theirs. */
  issuePrivacyTokens(jids: string[], timestamp?: number): Promise<BinaryNode>;
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;

/** The WhatsApp Web version to announce, or undefined for the one bundled with Baileys. */
export type VersionSource = (agent: ReturnType<typeof proxyAgent>) => Promise<WAVersion | undefined>;
