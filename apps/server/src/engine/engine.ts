/**
 * The engine as the API sees it (DESIGN §1, §8): this process's session host, or the workers reached over
 * Redis (remote.ts). Modules ask it for sessions and sends and never touch a driver themselves.
 */
import type { whatsappAccounts } from '../db/schema.ts';
import type { SimulatorAction, SimulatorInput } from '../wa/driver.ts';
import type { Recipient, SendOutcome } from './blast/send.ts';

export type { SimulatorAction, SimulatorInput };

type AccountRow = typeof whatsappAccounts.$inferSelect;

export interface LinkOptions {
  pairingNumber?: string | null;
  proxy?: string | null;
}

export interface Engine {
  link(account: AccountRow, options?: LinkOptions): Promise<void>;
  logout(clientid: string): Promise<void>;
  reconcile(clientid: string): Promise<void>;
  halt(clientid: string): Promise<void>;
  /**
   * The blasts held back by the safety rule (the sending hours, the cap, their health), and the number checks
   * waiting for an account that may check, of every account or of `clientid`'s, look again now: the settings or
   * the member's terms they read changed.
   */
  recheck(clientid?: string): Promise<void>;
  /**
   * Fills `message` in for `to` and sends it through the account's session at once, outside any blast, under
   * the engine's retry rule; it runs where the session lives.
   */
  sendNow(clientid: string, to: Recipient, message: { text: string }): Promise<SendOutcome>;
  /**
   * The dev simulator's controls: makes the account's session, wherever it lives, undergo what a phone or
   * WhatsApp would do to it. False when no process holds the session on the simulator.
   */
  simulate(clientid: string, action: SimulatorAction, input?: SimulatorInput): Promise<boolean>;
}

/** The engine cannot take the call: no process holds the account's session, or none answered in time. */
export class EngineUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineUnavailable';
  }
}
