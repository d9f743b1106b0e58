/**
 * A template's media, uploaded once per session (issue 13). A blast sends the same bytes to every
 * recipient; Baileys' sendMessage would encrypt and upload them again for each one (its own media cache
 * only knows media given by URL). So the media message is prepared once with Baileys' own
 * prepareWAMessageMedia, without a caption, and each send reuses its URL and key with its own caption, as a
 * forward does. The upload has its own, longer time limit than a send's acknowledgement.
 */
import { createHash } from 'node:crypto';
import type { proto, WAMediaUploadFunction } from 'baileys';
import type { pino } from 'pino';
import { BoundedCache } from './bounded-cache.ts';
import { type OutgoingMedia, SendError } from './driver.ts';

type BaileysModule = typeof import('baileys');

/** A blast sends one template at a time; a few cover a session switching between campaigns. */
const MEDIA_KEPT = 4;
/** Far inside the weeks WhatsApp keeps an upload for forwards, so a kept one never points at nothing. */
const MEDIA_TTL_MS = 12 * 60 * 60_000;

type MediaKind = 'image' | 'video' | 'audio' | 'document';

export function mediaKindOf(mime: string): MediaKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'document';
}

/** Rejects with `failure` unless `work` settles within `ms`. */
export function within<T>(work: Promise<T>, ms: number, failure: () => SendError): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export class MediaUploads {
  /** Encoded caption-less media messages (or the upload under way), by the bytes' hash and type. */
  private readonly prepared = new BoundedCache<Promise<Uint8Array>>(MEDIA_KEPT, MEDIA_TTL_MS);

  constructor(
    private readonly lib: BaileysModule,
    private readonly logger: ReturnType<typeof pino>,
    private readonly uploadTimeoutMs: number,
  ) {}

  static keyOf(media: OutgoingMedia): string {
    return `${createHash('sha256').update(media.bytes).digest('hex')}:${media.mime}`;
  }

  /** The media message to send, uploaded on first use; a fresh copy each time, carrying this caption. */
  async message(upload: WAMediaUploadFunction, media: OutgoingMedia, caption: string): Promise<proto.IMessage> {
    const key = MediaUploads.keyOf(media);
    const message = this.lib.proto.Message.decode(
      await (this.prepared.get(key) ?? this.uploadOnce(key, upload, media)),
    );
    const kind = mediaKindOf(media.mime);
    if (kind === 'image' && message.imageMessage) message.imageMessage.caption = caption || null;
    if (kind === 'video' && message.videoMessage) message.videoMessage.caption = caption || null;
    if (kind === 'document' && message.documentMessage) {
      message.documentMessage.caption = caption || null;
      message.documentMessage.fileName = media.name;
    }
    return message;
  }

  /**
   * Drops the kept upload of this media. A failed
   * send may be an upload WhatsApp no longer serves, and there is no code that tells; uploading again once
   * costs little.
   */
  forget(media: OutgoingMedia) {
    this.prepared.delete(MediaUploads.keyOf(media));
  }

  /** Sends asking for the same media while it uploads wait for that one upload. */
  private uploadOnce(key: string, upload: WAMediaUploadFunction, media: OutgoingMedia) {
    const uploading = this.upload(upload, media);
    this.prepared.set(key, uploading);
    // A failed upload is not kept (unless a newer one took its place): the next send tries again.
    uploading.catch(() => {
      if (this.prepared.get(key) === uploading) this.prepared.delete(key);
    });
    return uploading;
  }

  private async upload(upload: WAMediaUploadFunction, media: OutgoingMedia): Promise<Uint8Array> {
    const kind = mediaKindOf(media.mime);
    const content = {
      [kind]: media.bytes,
      mimetype: media.mime,
      ...(kind === 'document' ? { fileName: media.name } : {}),
    } as Parameters<BaileysModule['prepareWAMessageMedia']>[0];
    const prepared = this.lib.prepareWAMessageMedia(content, {
      upload,
      logger: this.logger,
      mediaUploadTimeoutMs: this.uploadTimeoutMs,
    });
    const message = await within(
      prepared,
      this.uploadTimeoutMs,
      () => new SendError('transient', 'upload-timeout', 'media upload to WhatsApp timed out'),
    );
    return this.lib.proto.Message.encode(message).finish();
  }
}
