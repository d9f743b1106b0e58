/**
 * The WhatsApp sessions one session host holds (session-host.ts): opened through the driver with the
 * account's proxy, key store and sent messages, their events applied one after another, and let go.
 */
import type { whatsappAccounts } from '../../db/schema.ts';
import type { OpenSessionOptions, SessionEvent, WaDriver, WaSession } from '../../wa/driver.ts';
import type { LinkOptions } from '../engine.ts';
import type { Opening } from './session-opener.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

interface Held {
  session: WaSession;
  unsubscribe: () => void;
  /** The session's events received so far, applied (its queue). */
  applied: () => Promise<void>;
  /** Its login counts as settled (session-opener.ts): it is let go. */
  settle: () => void;
}

export interface HeldSessionsOptions {
  driver: WaDriver;
  proxyOf: (proxyId: number) => Promise<string | null>;
  /** What the driver is given beyond the account and its credentials: its key store, its sent messages. */
  stores: (account: AccountRow) => Pick<OpenSessionOptions, 'keyStore' | 'sentMessages'>;
  /** Applies one of the session's events; `restored` says it was opened from stored credentials. */
  apply: (account: AccountRow, event: SessionEvent, restored: boolean) => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

/** An event that ends a login's wait: it connected, was refused or dropped, or waits for a human's scan. */
const settlesLogin = (event: SessionEvent) =>
  event.type === 'connection'
    ? event.state !== 'connecting'
    : event.type === 'qr' || event.type === 'code' || event.type === 'banned';

export class HeldSessions {
  private readonly held = new Map<string, Held>();

  constructor(private readonly options: HeldSessionsOptions) {}

  get(clientid: string): WaSession | undefined {
    return this.held.get(clientid)?.session;
  }

  has(clientid: string): boolean {
    return this.held.has(clientid);
  }

  clientids(): string[] {
    return [...this.held.keys()];
  }

  /** Takes no more events, and waits until those received are applied (a stop, before the database closes). */
  async drain(): Promise<void> {
    const held = [...this.held.values()];
    for (const { unsubscribe } of held) unsubscribe();
    await Promise.all(held.map(({ applied }) => applied()));
  }

  /** Opens the account's session and holds it; `settled` resolves once its login has (see settlesLogin). */
  async open(account: AccountRow, authState: unknown, options: LinkOptions): Promise<Opening> {
    const proxy = options.proxy ?? (account.proxy_id ? await this.options.proxyOf(account.proxy_id) : null);
    const session = await this.options.driver.open({
      deviceId: account.clientid,
      authState,
      pairingNumber: options.pairingNumber ?? null,
      proxy,
      ...this.options.stores(account),
    });
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    // A session's events are applied one after another: a late 'connecting' must never overwrite 'connected'.
    let queue = Promise.resolve();
    const unsubscribe = session.subscribe((event) => {
      if (settlesLogin(event)) settle();
      queue = queue
        .then(() => this.options.apply(account, event, authState !== null))
        .catch((error) => this.options.log?.(`event of ${account.clientid} failed`, error));
    });
    this.held.set(account.clientid, { session, unsubscribe, applied: () => queue, settle });
    return { settled };
  }

  /**
   * Stops holding the session: `close` keeps its credentials (a restart, a takeover, a session already
   * lost), `logout` unlinks the device from the phone.
   */
  async release(clientid: string, how: 'close' | 'logout' = 'close'): Promise<void> {
    const held = this.held.get(clientid);
    if (!held) return;
    held.unsubscribe();
    held.settle();
    this.held.delete(clientid);
    if (how === 'close') await held.session.close();
    else await held.session.logout().catch((error) => this.options.log?.(`logout of ${clientid} failed`, error));
  }
}
