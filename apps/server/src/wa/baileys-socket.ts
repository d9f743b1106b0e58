/** The part of a Baileys socket the driver uses; tests stand a fake in for it (test/baileys-fake.ts). */
import type {
  BaileysEventMap,
  BinaryNode,
  proto,
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
}

export type MakeSocket = (config: UserFacingSocketConfig) => BaileysSocket;

/** The WhatsApp Web version to announce, or undefined for the one bundled with Baileys. */
export type VersionSource = (agent: ReturnType<typeof proxyAgent>) => Promise<WAVersion | undefined>;
