/**
 * One client connection to the fake endpoint: the handshake, then binary nodes both ways (encoded and decoded
 * by Baileys' own WABinary), every node the client wrote kept in order for the test to read.
 */
import { EventEmitter } from 'node:events';
import { type BinaryNode, decodeBinaryNode, encodeBinaryNode, proto } from 'baileys';
import type { WebSocket } from 'ws';
import { FrameReader, framed } from './frames.ts';
import type { ServerNoise } from './noise.ts';
import type { Phone } from './phone.ts';

export class WaConnection extends EventEmitter {
  /** What the client said it is in its handshake: a registration or a login. */
  payload: proto.ClientPayload | null = null;
  noiseKey: Buffer | null = null;
  /** The linked device logged in on this connection. */
  account: { phone: Phone; device: number } | null = null;
  /** Every node the client wrote, in order. */
  readonly received: BinaryNode[] = [];
  closed = false;
  private readonly reader = new FrameReader();
  private reading = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    private readonly noise: ServerNoise,
    private readonly chain: Uint8Array,
  ) {
    super();
    ws.on('message', (data: Buffer) => {
      // Frames are handled one after another, as they arrived, decoding included.
      this.reading = this.reading.then(() => this.onData(data)).catch((error) => this.fail(error));
    });
    ws.on('close', () => {
      this.closed = true;
      this.emit('close');
    });
  }

  private fail(error: unknown) {
    this.emit('failure', error);
    this.ws.terminate();
  }

  private async onData(data: Buffer) {
    for (const frame of this.reader.push(data)) {
      if (!this.noiseKey) {
        this.onHandshake(proto.HandshakeMessage.decode(frame));
        continue;
      }
      const node = await decodeBinaryNode(this.noise.open(frame));
      this.received.push(node);
      this.emit('node', node);
    }
  }

  private onHandshake(message: proto.HandshakeMessage) {
    if (message.clientHello?.ephemeral) {
      const serverHello = this.noise.hello(message.clientHello.ephemeral, this.chain);
      this.ws.send(framed(proto.HandshakeMessage.encode({ serverHello }).finish()));
      return;
    }
    if (!message.clientFinish) throw new Error('handshake message out of order');
    const { noiseKey, payload } = this.noise.finish(message.clientFinish);
    this.noiseKey = Buffer.from(noiseKey);
    this.payload = payload;
    this.emit('ready');
  }

  send(node: BinaryNode) {
    if (this.closed) return;
    this.ws.send(framed(this.noise.seal(encodeBinaryNode(node))));
  }

  /** The first node the client wrote, or writes next, that `match` accepts. */
  next(match: (node: BinaryNode) => boolean): Promise<BinaryNode> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const onNode = (node: BinaryNode) => {
        if (!match(node)) return;
        this.off('node', onNode);
        this.off('close', onClose);
        resolve(node);
      };
      const onClose = () => {
        this.off('node', onNode);
        reject(new Error('the client closed the connection first'));
      };
      this.on('node', onNode);
      this.once('close', onClose);
    });
  }

  /**
   * Ends the stream as WhatsApp does: a stream error with its code, or its reason alone (`<conflict
   * type="replaced"/>`: another client took the session), then the connection closed.
   */
  streamError(code: number | null, reason?: BinaryNode) {
    this.send({
      tag: 'stream:error',
      attrs: code === null ? {} : { code: String(code) },
      ...(reason ? { content: [reason] } : {}),
    });
    this.ws.close();
  }

  /** Refuses the session as WhatsApp does a banned or outdated one: a failure node (`reason`, `expire`), then closed. */
  failure(attrs: Record<string, string>) {
    this.send({ tag: 'failure', attrs });
    this.ws.close();
  }

  terminate() {
    this.ws.terminate();
  }
}
