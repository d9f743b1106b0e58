/**
 * The simulator driver: a real driver with WhatsApp's servers replaced by seeded chance (DESIGN §8), as
 * rough as the real thing (simulator-rates.ts): QR refs that run out, 515 after a scan, 405 on an old
 * version, 440 and 401, bans and drops, 463 on cold contacts, numbers not on WhatsApp, retry requests,
 * receipts and names that come late, each at a seeded rate; under the behaviour ban model, bans and
 * restrictions at odds that rise with what the account does (simulator-risk.ts). The device counts as linked after SIM_SCAN_MS
 * unless the roll says nobody scans. Tests and demos force each of these through `control`.
 */
import type { OpenSessionOptions, SimulatorAction, SimulatorInput, WaDriver, WaSession } from './driver.ts';
import type { SimCredentials } from './simulator-connection.ts';
import type { SentRecord } from './simulator-outbox.ts';
import { type ResolvedSimulatorOptions, resolveSimulatorOptions, type SimulatorOptions } from './simulator-rates.ts';
import { AccountRisk, standingOf } from './simulator-risk.ts';
import { SimSession, simulatedExists } from './simulator-session.ts';

export type { SentRecord } from './simulator-outbox.ts';
export {
  type BanModel,
  BEHAVIOUR_RATES,
  DEFAULT_RATES,
  QUIET_RATES,
  RARE_FAULTS_OFF,
  ratesOf,
  type SimulatorOptions,
  type SimulatorRates,
} from './simulator-rates.ts';

/** Who a set of credentials belongs to; hand-made ones (tests) name only their number. */
const credentialsKey = (deviceId: string, credentials: SimCredentials) =>
  `${deviceId}:${credentials.simulator.phonenumber}:${credentials.simulator.device ?? ''}`;

export class SimulatorDriver implements WaDriver {
  readonly name = 'simulator';
  private readonly sessions = new Map<string, SimSession>();
  private readonly options: ResolvedSimulatorOptions;
  /** Credentials whose device the phone removed (or that logged out): WhatsApp refuses them with 401. */
  private readonly revoked = new Set<string>();
  /** Under the behaviour ban model: what WhatsApp remembers of each account, by its number, across sessions. */
  private readonly risks = new Map<string, AccountRisk>();

  constructor(options: SimulatorOptions) {
    this.options = resolveSimulatorOptions(options);
  }

  async open(options: OpenSessionOptions): Promise<WaSession> {
    await this.sessions.get(options.deviceId)?.replaced();
    const session: SimSession = new SimSession(options.deviceId, this.options, options, {
      revoked: (deviceId, credentials) => this.revoked.has(credentialsKey(deviceId, credentials)),
      revoke: (deviceId, credentials) => {
        this.revoked.add(credentialsKey(deviceId, credentials));
      },
      risk: (credentials) => this.riskOf(credentials),
      onEnd: () => {
        if (this.sessions.get(options.deviceId) === session) this.sessions.delete(options.deviceId);
      },
    });
    this.sessions.set(options.deviceId, session);
    return session;
  }

  private riskOf({ simulator }: SimCredentials): AccountRisk | null {
    if (this.options.bans !== 'behaviour') return null;
    let risk = this.risks.get(simulator.phonenumber);
    if (!risk) {
      risk = new AccountRisk(this.options.timeZone, standingOf(this.options.seed, simulator.phonenumber));
      this.risks.set(simulator.phonenumber, risk);
    }
    // A number linked again is a fresh link; what it sent before is still remembered.
    risk.linked(simulator.linked_at ?? null);
    return risk;
  }

  /** Forces what a phone or WhatsApp would do; false when this process holds no such session. */
  control(deviceId: string, action: SimulatorAction, { reply, phonenumber }: SimulatorInput = {}): boolean {
    const session = this.sessions.get(deviceId);
    if (!session) return false;
    const actions: Record<SimulatorAction, () => unknown> = {
      scan: () => session.scan(undefined, phonenumber),
      disconnect: () => session.disconnect(),
      ban: () => session.ban(),
      tempBan: () => session.tempBan(),
      reply: () => reply && session.reply(reply.from, reply.text),
      reject: () => session.rejectUnawaited(),
      expire: () => session.refsRanOut(),
      restart: () => session.restart(),
      replace: () => session.replaced(),
      logout: () => session.removedFromPhone(),
      outdated: () => session.outdated(),
      passkey: () => session.passkeyRequired(),
      restrict: () => session.outbox.restrict(),
      retry: () => session.outbox.retryRequest(),
      delivered: () => session.outbox.receipt(undefined, 'delivered'),
      read: () => session.outbox.receipt(undefined, 'read'),
      profile: () => session.renamed(),
    };
    void actions[action]();
    return true;
  }

  /** What checkNumber answers about `number`'s existence, asked without a session (tests compare with it). */
  exists(number: string): boolean {
    return simulatedExists(this.options, number);
  }

  /** Numbers checked through the device's current session. */
  checksBy(deviceId: string): number {
    return this.sessions.get(deviceId)?.checks ?? 0;
  }

  /** The last messages a session "delivered", as WhatsApp would show them; resends to a retry request too. */
  sentBy(deviceId: string): readonly SentRecord[] {
    return this.sessions.get(deviceId)?.outbox.sent ?? [];
  }

  /** Trusted-contact tokens the device's session fetched after a 463, each followed by one more try. */
  tcTokenFetchesBy(deviceId: string): number {
    return this.sessions.get(deviceId)?.outbox.tcTokenFetches ?? 0;
  }

  /** Retry requests the device's session could not answer: the sent-message store had lost the message. */
  retryMissesBy(deviceId: string): number {
    return this.sessions.get(deviceId)?.outbox.retryMisses ?? 0;
  }
}
