/**
 * A local fake WhatsApp endpoint that Baileys' real socket connects to over a real WebSocket: the Noise
 * handshake, QR and pairing-code linking with ADV signatures, the 515 restart, login with the stored creds, and the
 * queries and messages of a linked session (queries.ts, messages.ts), what people write to it (writes.ts).
 * Tests drive what WhatsApp would do from here: scan a QR, type a pairing code, refuse a login (a ban, 405,
 * 515), drop an ack, answer 463 or 429, send receipts.
 */
import type { AddressInfo } from 'node:net';
import { type BinaryNode, Curve, type proto } from 'baileys';
import { WebSocketServer } from 'ws';
import { WaConnection } from './connection.ts';
import { MediaHost } from './media.ts';
import { MessageDesk } from './messages.ts';
import { certChain, ServerNoise } from './noise.ts';
import { enterCode } from './pairing-code.ts';
import { Peer } from './peer.ts';
import { type Phone, type Qr, readQr } from './phone.ts';
import { answer, type QueryError } from './queries.ts';
import { TEST_ROOT, TEST_ROOT_SERIAL } from './trust.ts';
import { type WriteOptions, write } from './writes.ts';

/** Someone the account may write to: a number on WhatsApp, the LID WhatsApp knows it by, its device's keys. */
export interface Contact {
  number: string;
  lid: string;
  device: Peer;
}

/** How WhatsApp answers a client's handshake instead of going on: a failure node (a ban, 405) or a stream error (515). */
export type Greeting = { failure: Record<string, string> } | { streamError: number };

export class FakeWhatsApp {
  readonly connections: WaConnection[] = [];
  readonly phones = new Map<string, Phone>();
  readonly contacts = new Map<string, Contact>();
  /** Keys of the account's own primary device (the phone), by account number. */
  readonly phoneDevices = new Map<string, Peer>();
  messages = new MessageDesk();
  /** Where the endpoint's sockets upload media (media.ts). */
  media = new MediaHost();
  /** The end of the account's reach-out timelock, as WhatsApp's timelock query answers it; null: none. */
  reachoutTimelock: Date | null = null;
  /** The error a query is answered with instead of a result (429 rate-overlimit, 406, 403), or null. */
  queryError: (query: BinaryNode) => QueryError | null = () => null;
  /** Whether a token issuance is answered with the contacts' trusted-contact tokens. */
  givesTokens = false;
  /** How a connection is answered once its handshake ends, when not as usual (undefined). */
  greet: (connection: WaConnection) => Greeting | undefined = () => undefined;
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

  /** The account's phone, with the keys of its primary device (new ones unless given). */
  addPhone(phone: Phone, device = new Peer()) {
    this.phones.set(phone.number, phone);
    this.phoneDevices.set(phone.number, device);
    return phone;
  }

  /** WhatsApp as a test found it: no phone, no contact, no plan; the connections left are ended. */
  reset() {
    for (const connection of this.connections.splice(0)) connection.terminate();
    this.phones.clear();
    this.phoneDevices.clear();
    this.contacts.clear();
    this.messages = new MessageDesk();
    this.media = new MediaHost();
    this.reachoutTimelock = null;
    this.queryError = () => null;
    this.givesTokens = false;
    this.greet = () => undefined;
    this.failures.splice(0);
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

  /** The contact writes to the account (writes.ts); the message's id. */
  write(contact: Contact, message: string | proto.IMessage, options: WriteOptions = {}) {
    return write(this, contact, message, { id: `3A${++this.written}`, ...options });
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
    const greeting = this.greet(connection);
    if (greeting && 'failure' in greeting) {
      connection.failure(greeting.failure);
      return;
    }
    if (greeting) {
      connection.streamError(greeting.streamError);
      return;
    }
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
  async scan(phone: Phone, qr: string, { device = 12, forged = false, restart = true } = {}) {
    const read = readQr(qr);
    const connection = this.connections.find(
      (candidate) => !candidate.closed && candidate.noiseKey?.equals(read.noiseKey),
    );
    if (!connection) throw new Error('no open connection shows this QR');
    await this.pair(connection, phone, read, device, { forged, restart });
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

  /** Pairs, then restarts the companion with a 515, or (`restart: false`) drops its connection instead. */
  private async pair(
    connection: WaConnection,
    phone: Phone,
    read: Qr,
    device: number,
    { forged = false, restart = true } = {},
  ) {
    const id = `pair-success-${++this.pairIds}`;
    connection.send(phone.pairSuccess(read, device, id, { forged }));
    const reply = await connection.next((node) => node.tag === 'iq' && node.attrs.id === id);
    phone.confirm(read, device, reply);
    if (restart) connection.streamError(515);
    else connection.terminate();
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
