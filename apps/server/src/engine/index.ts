/**
 * The engine's facade: everything outside engine/ that is not the composition root (main.ts, services.ts)
 * uses the engine through this file alone (DESIGN §2; layers.test.ts holds it). The `Engine` calls reach
 * sessions wherever they live; `heldBy` is the lease condition a read of what a worker holds needs; the rest
 * are the types its answers carry. The rules the engine acts on and the API shows (the send policy, a job's
 * progress, whether an account is busy) are not the engine's: they live in rules/ (docs/architecture.md).
 */
export type { Recipient } from './blast/send.ts';
export {
  type Engine,
  EngineUnavailable,
  type LinkOptions,
  type SimulatorAction,
  type SimulatorInput,
} from './engine.ts';
export { heldBy } from './leases.ts';
export type { CommandTransport, Reply } from './remote.ts';
export type { SessionHost } from './session/session-host.ts';
