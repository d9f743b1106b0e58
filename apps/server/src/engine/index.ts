/**
 * The engine's facade: everything outside engine/ that is not the composition root (main.ts, services.ts)
 * uses the engine through this file alone (DESIGN §2; layers.test.ts holds it). The `Engine` calls reach
 * sessions wherever they live; the rest are the engine's rules that the API shows or forecasts (the send
 * policy, a job's progress, who holds an account) and the types its answers carry.
 */
export { type Busy, busyMessage, claimAccount } from './account-busy.ts';
export { DEFAULT_HEALTH_THRESHOLDS, DEFAULT_SAFETY, paceOf } from './blast/blast-take.ts';
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
export {
  type Engine,
  EngineUnavailable,
  type LinkOptions,
  type SimulatorAction,
  type SimulatorInput,
} from './engine.ts';
export { heldBy } from './leases.ts';
export type { CommandTransport, Reply } from './remote.ts';
export { ACCOUNT_EVENTS_KEEP_DAYS, recordAccountEvent } from './safety/account-events.ts';
export type { HealthThresholds } from './safety/health.ts';
export { healthSeries } from './safety/health-signals.ts';
export { minutesOpen, sendingHours } from './safety/member-terms.ts';
export { type SafetySettings, type SafetyView, safetyView, sendPolicy } from './safety/send-policy.ts';
export { withSpread } from './safety/send-spread.ts';
export type { SessionHost } from './session/session-host.ts';
