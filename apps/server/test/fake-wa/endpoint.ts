/**
 * A local fake WhatsApp endpoint that Baileys' real socket connects to over a real WebSocket: the Noise
 * handshake, QR and pairing-code linking with ADV signatures, the 515 restart, login with the stored creds, and the
 * queries and messages of a linked session (queries.ts, messages.ts). Tests drive what WhatsApp would do
 * from here: scan a QR, type a pairing code, drop an ack, answer 463 or 429, send receipts.
 */
import type { AddressInfo } from 'node:net';
import { type BinaryNode, Curve } from 'baileys';
import { WebSocketServer } from 'ws';
import { WaConnection } from './connection.ts';
import { MessageDesk } from './messages.ts';
import { certChain, ServerNoise } from './noise.ts';
import { enterCode } from './pairing-code.ts';
import { Peer } from './peer.ts';
import { type Phone, type Qr, readQr } from './phone.ts';
import { answer } from './queries.ts';
import { TEST_ROOT, TEST_ROOT_SERIAL } from './trust.ts';

/** Someone the account may write to: a number on WhatsApp, the LID WhatsApp knows it by, its device's keys. */
export interface Contact {
  number: string;
  lid: string;
  device: Peer;
}

export class FakeWhatsApp {
  readonly connections: WaConnection[] = [];
  readonly phones = new Map<string, Phone>();
  readonly contacts = new Map<string, Contact>();
  /** Keys of the account's own primary device (the phone), by account number. */
  readonly phoneDevices = new Map<string, Peer>();
  readonly messages = new MessageDesk();
  /** The end of the account's reach-out timelock, as WhatsApp's timelock query answers it; null: none. */
  reachoutTimelock: Date | null = null;
  /** The queries answered with 429 rate-overlimit instead of a result, as WhatsApp limits an account. */
  overlimit: (query: BinaryNode) => boolean = () => false;
  /** Whether a token issuance is answered with the contacts' trusted-contact tokens. */
  givesTokens = false;
  /** Handshake or frame errors: a test fails on any. */
  readonly failures: unknown[] = [];
  private readonly serverStatic = Curve.generateKeyPair();
  private readonly chain = certChain(TEST_ROOT, TEST_ROOT_SERIAL, this.serverStatic);
  private pairIds = 0;
  private written = 0;

  private constructor(private readonly server: WebSocketServer) {
    server.on('connection', (ws) => {
      const connection = new WaConnection(ws, new ServerNoise(this.serverStatic), this.chain);
      this.connections.push(connection);
      connection.on('failure', (error) => this.failures.push(error));
      connection.once('ready', () => this.onReady(connection));
      connection.on('node', (node: BinaryNode) => this.onNode(connection, node));
    });
  }

  static async start() {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    return new FakeWhatsApp(server);
  }

  get url() {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws/chat`;
  }

  addPhone(phone: Phone) {
    this.phones.set(phone.number, phone);
    this.phoneDevices.set(phone.number, new Peer());
    return phone;
  }

  addContact(number: string, lid: string): Contact {
    const contact = { number, lid, device: new Peer() };
    this.contacts.set(number, contact);
    return contact;
  }

  contactByLid(lid: string) {
    return [...this.contacts.values()].find((contact) => contact.lid === lid);
  }

  /** The device JID of the account's one linked companion. */
  linkedJid() {
    const [phone] = [...this.phones.values()];
    const linked = phone?.devices[0];
    if (!phone || !linked) throw new Error('no linked device');
    return `${phone.number}:${linked.device}@s.whatsapp.net`;
  }

  /**
   * The contact writes to the account from its phone, addressed by its LID as WhatsApp does in 2026; the
   * phone number rides along as `sender_pn` unless `senderPn` is false. Encrypted for the linked device.
   */
  async write(contact: Contact, text: string, { id = `3A${++this.written}`, senderPn = true } = {}) {
    const [phone] = [...this.phones.values()];
    const linked = phone?.devices[0];
    const connection = this.connections.findLast((candidate) => !candidate.closed && candidate.account);
    if (!linked?.keys || !connection) throw new Error('no linked device online with its keys uploaded');
    const bundle = { ...linked.keys, preKey: linked.preKeys.shift() };
    const { type, ciphertext } = await contact.device.encrypt(this.linkedJid(), bundle, { conversation: text });
    connection.send({
      tag: 'message',
      attrs: {
        id,
        from: `${contact.lid}@lid`,
        type: 'text',
        t: String(Math.floor(Date.now() / 1000)),
        addressing_mode: 'lid',
        ...(senderPn ? { sender_pn: `${contact.number}@s.whatsapp.net` } : {}),
      },
      content: [{ tag: 'enc', attrs: { v: '2', type }, content: ciphertext }],
    });
    return id;
  }

  /**
   * WhatsApp pushes the account's reach-out timelock to the session (a `mex` notification): active until
   * `end`, or lifted when `end` is null.
   */
  pushTimelock(end: Date | null) {
    const payload = end
      ? { is_active: true, time_enforcement_ends: String(Math.floor(end.getTime() / 1000)) }
      : { is_active: false };
    this.latest().send({
      tag: 'notification',
      attrs: { id: `mex-${++this.written}`, type: 'mex', from: 's.whatsapp.net' },
      content: [
        {
          tag: 'update',
          attrs: { op_name: 'NotificationUserReachoutTimelockUpdate' },
          content: Buffer.from(JSON.stringify({ data: { xwa2_notify_account_reachout_timelock: payload } })),
        },
      ],
    });
  }

  /** The connection the client opened last. */
  latest() {
    const connection = this.connections.at(-1);
    if (!connection) throw new Error('no client connected');
    return connection;
  }

  private onReady(connection: WaConnection) {
    const payload = connection.payload;
    if (payload?.devicePairingData) {
      // A companion without an account: WhatsApp hands it refs to show as QR codes, one after another.
      connection.send({
        tag: 'iq',
        attrs: { id: `pair-${++this.pairIds}`, type: 'set', from: 's.whatsapp.net', xmlns: 'md' },
        content: [
          {
            tag: 'pair-device',
            attrs: {},
            content: ['ref-1', 'ref-2', 'ref-3'].map((ref) => ({
              tag: 'ref',
              attrs: {},
              content: Buffer.from(`${ref}-${this.pairIds}`),
            })),
          },
        ],
      });
      return;
    }
    const phone = this.phones.get(String(payload?.username ?? ''));
    const device = payload?.device ?? undefined;
    if (!phone?.linked(device)) {
      connection.send({ tag: 'failure', attrs: { reason: '401', location: 'fake' } });
      connection.terminate();
      return;
    }
    connection.account = { phone, device: device ?? 0 };
    connection.send({
      tag: 'success',
      attrs: { t: String(Math.floor(Date.now() / 1000)), lid: `${phone.lid}:${device}@lid`, props: '1' },
    });
    // Nothing was waiting offline: Baileys releases the events it buffered since the login.
    connection.send({
      tag: 'ib',
      attrs: { from: 's.whatsapp.net' },
      content: [{ tag: 'offline', attrs: { count: '0' } }],
    });
  }

  /**
   * The phone scans the QR the companion shows: pair-success, the companion's signature checked, then the
   * 515 that has it log in again with its new creds.
   */
  async scan(phone: Phone, qr: string, { device = 12, forged = false } = {}) {
    const read = readQr(qr);
    const connection = this.connections.find(
      (candidate) => !candidate.closed && candidate.noiseKey?.equals(read.noiseKey),
    );
    if (!connection) throw new Error('no open connection shows this QR');
    await this.pair(connection, phone, read, device, forged);
  }

  /**
   * The member types the pairing code the companion shows into the phone (pairing-code.ts), which then
   * pairs it as a scan would. Throws when the code is not the one the companion asked for.
   */
  async enterCode(phone: Phone, code: string, { device = 12 } = {}) {
    // The companion's hello may still be on its way when the code shows.
    const connection = this.connections.findLast(
      (candidate) => !candidate.closed && candidate.payload?.devicePairingData,
    );
    if (!connection) throw new Error('no companion waiting to be linked');
    const read = await enterCode(connection, phone, code.replace('-', ''), `link-code-${++this.pairIds}`);
    await this.pair(connection, phone, read, device);
  }

  private async pair(connection: WaConnection, phone: Phone, read: Qr, device: number, forged = false) {
    const id = `pair-success-${++this.pairIds}`;
    connection.send(phone.pairSuccess(read, device, id, { forged }));
    const reply = await connection.next((node) => node.tag === 'iq' && node.attrs.id === id);
    phone.confirm(read, device, reply);
    connection.streamError(515);
  }

  private onNode(connection: WaConnection, node: BinaryNode) {
    if (node.tag === 'iq' && (node.attrs.type === 'get' || node.attrs.type === 'set')) {
      answer(this, connection, node).then(
        (reply) => connection.send(reply),
        (error: unknown) => this.failures.push(error),
      );
      return;
    }
    if (node.tag === 'message') this.messages.onMessage(connection, node);
  }

  async close() {
    for (const connection of this.connections) connection.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
