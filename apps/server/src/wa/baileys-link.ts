/**
 * What WhatsApp changed in linking in 2026 and Baileys 7.0.0-rc14 does not handle (issue 22, item 1), in
 * the project's own code on Baileys' `CB:` frame events rather than a patch of node_modules:
 *
 * - `companion_reg_refresh` (Baileys #2737; the unmerged fix is PR #2765): during a QR link WhatsApp retires
 *   the companion's ADV secret. Baileys neither acks it (its ack needs `creds.me`, which an unlinked device
 *   lacks) nor rotates the secret, and its QR loop keeps the secret it read when pairing began, so every
 *   later QR names a secret the server discarded and the scan never pairs. Here the notification is acked,
 *   a new secret is put into the creds Baileys holds (its pair-success check reads them), stored, and each
 *   QR passed on carries the current secret in place of the one Baileys captured (as whatsmeow does).
 * - Passkey confirmation (`passkey_prologue_request`, `crsc_continuation`; Baileys #2672/#2684): no Baileys
 *   implements it. The link is refused at once, with why, instead of QR codes looping for ten minutes.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticationCreds, BinaryNode } from 'baileys';
import type { pino } from 'pino';
import type { BaileysSocket } from './baileys-socket.ts';
import type { LinkRefusal } from './driver.ts';

const REG_REFRESH = 'companion_reg_refresh';
/** The children a registration refresh comes with (whatsmeow also handles `pair-device-rotate-qr`). */
const REG_REFRESH_CHILDREN = [REG_REFRESH, 'pair-device-rotate-qr'];
const PASSKEY_NOTIFICATIONS = ['passkey_prologue_request', 'crsc_continuation'];
/** Field 4 of `https://wa.me/settings/linked_devices#ref,noise,identity,adv,platform` (buildPairingQRData). */
const QR_ADV_FIELD = 3;

export interface LinkEvents {
  /** A QR to show, with the current ADV secret. */
  qr(qr: string): void;
  /** The creds changed (a new ADV secret) and must be stored. */
  creds(): void;
  /** WhatsApp asks for something this driver cannot do: the link ends. */
  refused(refusal: LinkRefusal, reason: string): void;
}

const childTags = (node: BinaryNode) =>
  Array.isArray(node.content) ? node.content.map((child) => (child as BinaryNode).tag) : [];

export class LinkWatch {
  /** The QR last passed on, as Baileys made it. */
  private lastQr: string | null = null;

  constructor(
    private readonly creds: () => AuthenticationCreds,
    private readonly logger: ReturnType<typeof pino>,
    private readonly events: LinkEvents,
  ) {}

  attach(socket: BaileysSocket) {
    socket.ws.on(`CB:notification,type:${REG_REFRESH}`, (node) => this.onRegRefresh(socket, node));
    for (const type of PASSKEY_NOTIFICATIONS)
      socket.ws.on(`CB:notification,type:${type}`, (node) => this.onPasskey(socket, node));
  }

  /** A QR from Baileys, passed on with the secret the server holds now. */
  onQr(qr: string) {
    this.lastQr = qr;
    this.events.qr(this.withCurrentSecret(qr));
  }

  private withCurrentSecret(qr: string): string {
    const [link, fields] = qr.split('#');
    const parts = fields?.split(',') ?? [];
    if (parts.length <= QR_ADV_FIELD) return qr;
    parts[QR_ADV_FIELD] = this.creds().advSecretKey;
    return `${link}#${parts.join(',')}`;
  }

  private ack(socket: BaileysSocket, node: BinaryNode) {
    const attrs = {
      id: node.attrs.id ?? '',
      to: node.attrs.from ?? '',
      class: 'notification',
      type: node.attrs.type ?? '',
    };
    socket.sendNode({ tag: 'ack', attrs }).catch((error: unknown) => this.logger.error({ error }, 'ack failed'));
  }

  private onRegRefresh(socket: BaileysSocket, node: BinaryNode) {
    if (!childTags(node).some((tag) => REG_REFRESH_CHILDREN.includes(tag))) return;
    this.ack(socket, node);
    const creds = this.creds();
    // A paired device keeps its secret; a pairing code derives its own from the code exchange.
    if (creds.account || creds.pairingCode) return;
    creds.advSecretKey = randomBytes(32).toString('base64');
    this.events.creds();
    this.logger.warn('companion registration refreshed by WhatsApp: new ADV secret, QR renewed');
    if (this.lastQr) this.events.qr(this.withCurrentSecret(this.lastQr));
  }

  private onPasskey(socket: BaileysSocket, node: BinaryNode) {
    this.ack(socket, node);
    if (this.creds().account) return;
    this.events.refused('passkey', `WhatsApp asks this link to be confirmed with a passkey (${node.attrs.type})`);
  }
}
