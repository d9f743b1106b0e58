/**
 * WhatsApp's media hosts, stood in for. Baileys uploads an encrypted file over HTTPS to the host a
 * `media_conn` answer names, with a certificate chain this endpoint cannot present; the endpoint's sockets
 * upload here instead (their `waUploadToServer` replaced, all else Baileys' own), and the message naming
 * the upload goes through the endpoint as any other.
 */
import type { WAMediaUploadFunction } from 'baileys';

export class MediaHost {
  /** The media types uploaded, one entry per upload. */
  readonly uploads: string[] = [];
  /** How long an upload takes. */
  delayMs = 0;
  /** An upload that never ends, as on a stalled connection. */
  stalled = false;

  readonly upload: WAMediaUploadFunction = async (_path, { mediaType }) => {
    if (this.stalled) await new Promise<never>(() => {});
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.uploads.push(mediaType);
    const directPath = `/v/t62.7118-24/${this.uploads.length}.enc`;
    return { mediaUrl: `https://mmg.whatsapp.net${directPath}`, directPath };
  };
}
