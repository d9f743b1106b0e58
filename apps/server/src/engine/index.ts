/**
 * The engine's facade: everything outside engine/ that is not the composition root (main.ts, services.ts)
 * uses the engine through this file alone (DESIGN §2; layers.test.ts holds it). The `Engine` calls reach
 * sessions wherever they live; the rest are the engine's rules that the API shows or forecasts (the send
 * policy, a job's progress, who holds an account) and the types its answers carry.
 */
import type { SimulatorDriver } from '../wa/simulator.ts';

export { type Busy, busyMessage, claimAccount } from './account-busy.ts';
export type { Recipient } from './blast/send.ts';
export {
  doneOf,
  type GeneratorRow,
  generatorTotal,
  JOB_TABLES,
  type JobKind,
  type JobRow,
  type ValidatorRow,
} from './checks/job-kinds.ts';
export { type Engine, EngineUnavailable, type LinkOptions } from './engine.ts';
export { heldBy } from './leases.ts';
export type { CommandTransport, Reply } from './remote.ts';
export type { SessionHost } from './session/session-host.ts';

/** The dev simulator's controls (http/dev-simulator.ts): what a phone or WhatsApp would do to a session held here. */
export type SimulatorControls = Pick<SimulatorDriver, 'control'>;
