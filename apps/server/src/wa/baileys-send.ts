/**
 * How a Baileys session sends: look the number up, upload any media once, show "typing...", relay each
 * part and wait for the server's acknowledgement of it, and keep what was sent for retry requests.
 */
import type { AnyMessageContent, BinaryNode, proto } from 'baileys';
import type { pino } from 'pino';
import { ackErrorOf, notOnWhatsApp, sendErrorOf } from './baileys-errors.ts';
import { MediaUploads, mediaKindOf, within } from './baileys-media.ts';
import { rememberSent } from './baileys-sent.ts';
import type { BaileysSocket } from './baileys-socket.ts';
import { buttonsAsText, type OutgoingMedia, type OutgoingMessage, SendError, type SentMessageStore } from './driver.ts';
import { NumberLookup } from './number-lookup.ts';

type BaileysModule = typeof import('baileys');

export interface SendTimings {
  /** How long a relayed message may wait for the server's acknowledgement (the upload not included). */
  sendTimeoutMs: number;
  /** How long a media upload may take. */
  uploadTimeoutMs: number;
  /** How long "typing..." shows before a message goes. */
  composingMs: number;
}

/** One message on the wire: content Baileys builds, or a media message built from a kept upload. */
type Part = { content: AnyMessageContent } | { media: OutgoingMedia; caption: string };
type Ready = { content: AnyMessageContent } | { media: OutgoingMedia; message: proto.IMessage };

function partsOf(message: OutgoingMessage): Part[] {
  const caption = [message.text, buttonsAsText(message.buttons)].filter(Boolean).join('\n\n');
  const media = message.media;
  if (!media) return [{ content: { text: caption } }];
  // An audio message has no caption: the text follows it.
  if (mediaKindOf(media.mime) === 'audio') {
    return caption ? [{ media, caption: '' }, { content: { text: caption } }] : [{ media, caption: '' }];
  }
  return [{ media, caption }];
}

const notConnected = () => new SendError('disconnected', 'not-connected', 'not connected');

export class BaileysSender {
  /** Sends waiting for the server's acknowledgement, by message id. */
  private readonly acks = new Map<string, { resolve: () => void; reject: (error: SendError) => void }>();
  /**
   * Numbers are looked up before the first send to them: sending to numbers without an account is a known
   * trigger of restrictions, and such a send must never count.
   */
  private readonly numbers = new NumberLookup(async (number) => {
    const socket = this.live();
    if (!socket) throw notConnected();
    const found = (await socket.onWhatsApp(`${number}@s.whatsapp.net`))?.find((entry) => entry.exists);
    return found ? found.jid : null;
  });
  private readonly media: MediaUploads;

  /** `live` answers the session's socket while it is connected, else null. */
  constructor(
    private readonly lib: BaileysModule,
    private readonly timings: SendTimings,
    private readonly logger: ReturnType<typeof pino>,
    private readonly sent: SentMessageStore,
    private readonly live: () => BaileysSocket | null,
  ) {
    this.media = new MediaUploads(lib, logger, timings.uploadTimeoutMs);
  }

  /**
   * Baileys' sendMessage resolves once the message is written to the socket, which a half-dead connection
   * still accepts; only the server's ack says WhatsApp has it (whatsmeow waits for the same ack).
   */
  onAck(node: BinaryNode) {
    const id = node.attrs.id;
    const waiting = id === undefined ? undefined : this.acks.get(id);
    if (!waiting) return;
    if (node.attrs.error) waiting.reject(ackErrorOf(node.attrs.error));
    else waiting.resolve();
  }

  failWaiting() {
    for (const waiting of this.acks.values()) {
      waiting.reject(new SendError('disconnected', 'connection-closed', 'connection closed before the ack'));
    }
    this.acks.clear();
  }

  async send(to: string, message: OutgoingMessage): Promise<{ id: string }> {
    const socket = this.live();
    if (!socket) throw notConnected();
    try {
      const jid = await this.numbers.jidOf(to);
      if (!jid) throw notOnWhatsApp(to);
      // Uploads come first, under their own time limit, so that "typing..." and the ack wait do not include them.
      const parts: Ready[] = [];
      for (const part of partsOf(message)) {
        parts.push(
          'content' in part
            ? part
            : {
                media: part.media,
                message: await this.media.message(socket.waUploadToServer, part.media, part.caption),
              },
        );
      }
      // WhatsApp passes "typing..." on only to a contact whose presence the account subscribed to.
      await socket.presenceSubscribe(jid).catch(() => undefined);
      await socket.sendPresenceUpdate('composing', jid).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, this.timings.composingMs));
      let id = '';
      for (const part of parts) id = await this.relay(socket, jid, part);
      await socket.sendPresenceUpdate('paused', jid).catch(() => undefined);
      return { id };
    } catch (error) {
      const failure = sendErrorOf(error, this.live() !== null);
      // "Connected but not sending": a socket that stops acknowledging is replaced by a fresh one.
      if (failure.code === 'timeout' && socket === this.live()) socket.end(new Error('send not acknowledged'));
      throw failure;
    }
  }

  async check(number: string) {
    if (!this.live()) throw notConnected();
    try {
      return { exists: (await this.numbers.jidOf(number)) !== null, name: null };
    } catch (error) {
      throw sendErrorOf(error, this.live() !== null);
    }
  }

  /** Sends one message, waits for the server's acknowledgement of it and keeps it; answers its id. */
  private async relay(socket: BaileysSocket, jid: string, part: Ready): Promise<string> {
    const id = this.lib.generateMessageIDV2(socket.user?.id);
    const acked = new Promise<void>((resolve, reject) => this.acks.set(id, { resolve, reject }));
    try {
      const [sent] = await within(
        Promise.all([this.transmit(socket, jid, part, id), acked]),
        this.timings.sendTimeoutMs,
        () => new SendError('transient', 'timeout', 'no acknowledgement from WhatsApp'),
      );
      await rememberSent(this.lib, this.sent, this.logger, id, sent);
      return id;
    } catch (error) {
      if ('media' in part) this.media.forget(part.media);
      throw error;
    } finally {
      this.acks.delete(id);
    }
  }

  private async transmit(socket: BaileysSocket, jid: string, part: Ready, id: string) {
    if ('content' in part) return (await socket.sendMessage(jid, part.content, { messageId: id }))?.message;
    const full = this.lib.generateWAMessageFromContent(jid, part.message, {
      userJid: socket.user?.id ?? '',
      messageId: id,
    });
    const message = full.message ?? part.message;
    await socket.relayMessage(jid, message, { messageId: id });
    return message;
  }
}
