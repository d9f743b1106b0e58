/**
 * The driver for real accounts (WA_DRIVER=baileys, DESIGN §8): one Baileys socket per session, its events
 * mapped onto the driver interface. Baileys is imported only when this driver opens its first session, so
 * the simulator never loads it.
 */
import { memoryKeyStore } from './baileys-keys.ts';
import { reachoutOf6 } from './baileys-reachout.ts';
import { BaileysSession, type SessionConfig } from './baileys-session.ts';
import type { MakeSocket, VersionSource } from './baileys-socket.ts';
import { waWebVersion } from './baileys-version.ts';
import type { OpenSessionOptions, WaDriver, WaSession } from './driver.ts';

type BaileysModule = typeof import('@whiskeysockets/baileys');

export interface BaileysDriverOptions extends Partial<Omit<SessionConfig, 'makeSocket' | 'version'>> {
  /** The socket factory; Baileys' own makeWASocket unless a test gives a fake. */
  makeSocket?: MakeSocket;
  /** Where the WhatsApp Web version comes from; web.whatsapp.com, cached for the process, unless a test gives one. */
  version?: VersionSource;
}

let loaded: Promise<BaileysModule> | null = null;
const loadBaileys = () => {
  loaded ??= import('@whiskeysockets/baileys');
  return loaded;
};

export class BaileysDriver implements WaDriver {
  readonly name = 'baileys' as const;

  constructor(private readonly options: BaileysDriverOptions = {}) {}

  async open(options: OpenSessionOptions): Promise<WaSession> {
    const lib = await loadBaileys();
    const session = new BaileysSession(
      lib,
      options,
      {
        makeSocket:
          this.options.makeSocket ?? ((config) => lib.makeWASocket(config) as unknown as ReturnType<MakeSocket>),
        version:
          this.options.version ?? ((agent) => waWebVersion(lib, agent ? { httpsAgent: agent, proxy: false } : {})),
        sendTimeoutMs: this.options.sendTimeoutMs ?? 30_000,
        uploadTimeoutMs: this.options.uploadTimeoutMs ?? 120_000,
        composingMs: this.options.composingMs ?? 1500,
        reconnectBaseMs: this.options.reconnectBaseMs ?? 2000,
        logLevel: this.options.logLevel ?? 'silent',
        reachout: this.options.reachout ?? reachoutOf6,
      },
      options.keyStore ?? memoryKeyStore(),
    );
    // The engine subscribes as soon as open returns; the socket starts after that.
    setImmediate(() => void session.start());
    return session;
  }
}
