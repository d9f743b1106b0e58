/**
 * How a Baileys session sends: look the number up, upload any media once, show "typing...", keep each part
 * for retry requests, relay it under the id the engine gave the send and wait for the server's
 * acknowledgement of it.
 */
import type { AnyMessageContent, BinaryNode, proto } from 'baileys';
import type { pino } from 'pino';
import { ackErrorOf, notOnWhatsApp, sendErrorOf } from './baileys-errors.ts';
import { MediaUploads, mediaKindOf, within } from './baileys-media.ts';
import { holds, type Reachout, type Timelock } from './baileys-reachout.ts';
import { rememberSent } from './baileys-sent.ts';
import type { BaileysSocket } from './baileys-socket.ts';
import { BoundedCache } from './bounded-cache.ts';
import {
  buttonsAsText,
  type OutgoingMedia,
  type OutgoingMessage,
  partMessageId,
  SendError,
  type SentMessageStore,
} from './driver.ts';
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

const timelocked = (code: string, end: Date) =>
  new SendError('restricted', code, `WhatsApp reach-out timelock until ${end.toISOString()}`, end);

/** Numbers WhatsApp wanted by their LID (a send to the phone number got 463), kept as long as lookups. */
const LID_NUMBERS_KEPT = 2_000;
const LID_TTL_MS = 6 * 60 * 60_000;

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
  /** Where WhatsApp wants a number addressed by its LID: later sends to it go there at once. */
  private readonly lids = new BoundedCache<string>(LID_NUMBERS_KEPT, LID_TTL_MS);
  /**
   * The account's reach-out timelock as WhatsApp last told it (`connection.update`, pushed or answered to a
   * query): while it holds, nothing is sent, since each try counts as one more reach-out.
   */
  timelock: Timelock | null = null;
  private readonly media: MediaUploads;

  /** `live` answers the session's socket while it is connected, else null. */
  constructor(
    private readonly lib: BaileysModule,
    private readonly timings: SendTimings,
    private readonly logger: ReturnType<typeof pino>,
    private readonly sent: SentMessageStore,
    private readonly live: () => BaileysSocket | null,
    private readonly reachout: Reachout,
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

  async send(to: string, message: OutgoingMessage, id: string): Promise<{ id: string }> {
    const socket = this.live();
    if (!socket) throw notConnected();
    try {
      const phoneJid = await this.numbers.jidOf(to);
      if (!phoneJid) throw notOnWhatsApp(to);
      if (holds(this.timelock, Date.now())) throw timelocked('463', this.timelock.end);
      const jid = this.lids.get(to) ?? phoneJid;
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
      await this.relayAll(socket, jid, parts, id).catch(async (error: unknown) => {
        const again = await this.resolved(socket, to, jid, error);
        if (!again) throw error;
        await this.relayAll(socket, again, parts, id);
      });
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

  private async relayAll(socket: BaileysSocket, jid: string, parts: Ready[], id: string): Promise<void> {
    for (const [index, part] of parts.entries()) {
      await this.relay(socket, jid, part, partMessageId(id, index, parts.length));
    }
  }

  /**
   * Where a send WhatsApp refused with 463 may go once more, or null when it may not. Asked in this order,
   * each ask a query and none a reach-out: the account's timelock (thrown with its end, for the engine to wait
   * until then, nothing resent), the LID of a contact addressed by phone number (resent there, and later sends
   * to the number go there at once), a trusted-contact token (fetched, then resent to the same JID). Any other
   * failure is not this one's to resolve.
   */
  private async resolved(socket: BaileysSocket, to: string, jid: string, error: unknown): Promise<string | null> {
    if (!(error instanceof SendError) || error.kind !== 'restricted') return null;
    const lock = await this.reachout.timelock(socket).catch(() => null);
    if (lock?.active) {
      if (holds(lock, Date.now())) throw timelocked(error.code, lock.end);
      // A timelock WhatsApp names no end of: waited out as a restriction of unknown cause, nothing resent.
      return null;
    }
    if (!jid.endsWith('@lid')) {
      const lid = await this.reachout.lidOf(socket, jid).catch(() => null);
      if (lid?.endsWith('@lid')) {
        this.lids.set(to, lid);
        return lid;
      }
    }
    return (await this.reachout.fetchTcToken(socket, jid).catch(() => false)) ? jid : null;
  }

  /**
   * Keeps one message, then relays it and waits for the server's acknowledgement. Kept first: a relay whose
   * ack is lost may still have reached the recipient, whose phone can then ask for it again by id.
   */
  private async relay(socket: BaileysSocket, jid: string, part: Ready, id: string): Promise<void> {
    const acked = new Promise<void>((resolve, reject) => this.acks.set(id, { resolve, reject }));
    // A relay that fails before its ack wait leaves the wait unobserved.
    acked.catch(() => undefined);
    try {
      const content = await this.build(socket, jid, part, id);
      await rememberSent(this.lib, this.sent, this.logger, id, content);
      await within(
        Promise.all([socket.relayMessage(jid, content, { messageId: id }), acked]),
        this.timings.sendTimeoutMs,
        () => new SendError('transient', 'timeout', 'no acknowledgement from WhatsApp'),
      );
    } catch (error) {
      if ('media' in part) this.media.forget(part.media);
      throw error;
    } finally {
      this.acks.delete(id);
    }
  }

  /** The message as Baileys' own sendMessage would build it (generateWAMessage), or from a kept upload. */
  private async build(socket: BaileysSocket, jid: string, part: Ready, id: string): Promise<proto.IMessage> {
    const userJid = socket.user?.id ?? '';
    const full =
      'content' in part
        ? await this.lib.generateWAMessage(jid, part.content, {
            userJid,
            messageId: id,
            upload: socket.waUploadToServer,
          })
        : this.lib.generateWAMessageFromContent(jid, part.message, { userJid, messageId: id });
    return full.message ?? ('message' in part ? part.message : {});
  }
}
