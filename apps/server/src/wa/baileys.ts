/**
 * The driver for real accounts (WA_DRIVER=baileys, DESIGN §8): one Baileys socket per session, its events
 * mapped onto the driver interface. Baileys is imported only when this driver opens its first session, so
 * the simulator never loads it.
 */
import type { WAVersion } from 'baileys';
import { pino } from 'pino';
import { memoryKeyStore } from './baileys-keys.ts';
import { reachoutOf7 } from './baileys-reachout.ts';
import { BaileysSession, type SessionConfig } from './baileys-session.ts';
import { checkSignatures } from './baileys-signatures.ts';
import type { MakeSocket, VersionSource } from './baileys-socket.ts';
import { overriddenWaVersion, waWebVersion } from './baileys-version.ts';
import type { OpenSessionOptions, WaDriver, WaSession } from './driver.ts';
import { keepLibsignalOffConsole } from './libsignal-console.ts';

type BaileysModule = typeof import('baileys');

export interface BaileysDriverOptions extends Partial<Omit<SessionConfig, 'makeSocket' | 'version'>> {
  /** The operator's WhatsApp Web version (WA_VERSION): announced as it is, nothing fetched. */
  waVersion?: WAVersion;
  /** The socket factory; Baileys' own makeWASocket unless a test gives a fake. */
  makeSocket?: MakeSocket;
  /** Where the WhatsApp Web version comes from; web.whatsapp.com, cached for the process, unless a test gives one. */
  version?: VersionSource;
}

let loaded: Promise<BaileysModule> | null = null;
const loadBaileys = () => {
  loaded ??= import('baileys').then(async (lib) => {
    await checkSignatures(lib);
    return lib;
  });
  return loaded;
};

export class BaileysDriver implements WaDriver {
  readonly name = 'baileys' as const;

  /** Baileys' own logs: errors only (each session's lines carry its account), as JSON on stdout. */
  private readonly logger: ReturnType<typeof pino>;

  constructor(private readonly options: BaileysDriverOptions = {}) {
    this.logger = options.logger ?? pino({ level: 'error', base: { component: 'baileys' } });
  }

  private versionSource(lib: BaileysModule): SessionConfig['version'] {
    const { waVersion } = this.options;
    if (waVersion) return () => overriddenWaVersion(waVersion);
    const bundled = lib.DEFAULT_CONNECTION_CONFIG.version;
    const onFallback = (reason: string) =>
      this.logger.error(
        { bundled: bundled.join('.'), reason },
        'WhatsApp Web version not read; announcing the bundled one',
      );
    return (agent) => waWebVersion({ agent, bundled, onFallback });
  }

  async open(options: OpenSessionOptions): Promise<WaSession> {
    keepLibsignalOffConsole(this.logger);
    const lib = await loadBaileys();
    const session = new BaileysSession(
      lib,
      options,
      {
        makeSocket:
          this.options.makeSocket ?? ((config) => lib.makeWASocket(config) as unknown as ReturnType<MakeSocket>),
        version: this.options.version ?? this.versionSource(lib),
        sendTimeoutMs: this.options.sendTimeoutMs ?? 30_000,
        uploadTimeoutMs: this.options.uploadTimeoutMs ?? 120_000,
        composingMs: this.options.composingMs ?? 1500,
        reconnectBaseMs: this.options.reconnectBaseMs ?? 2000,
        logger: this.logger,
        reachout: this.options.reachout ?? reachoutOf7,
      },
      options.keyStore ?? memoryKeyStore(),
    );
    // The engine subscribes as soon as open returns; the socket starts after that.
    setImmediate(() => void session.start());
    return session;
  }
}
