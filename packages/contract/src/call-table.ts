/**
 * The call table (docs/architecture.md): every area whose calls are declared in a `*-calls` module. The
 * server's test holds each one to the route it serves; screens import an area's module itself, so that
 * their bundle holds only the calls they make.
 */

export * as accountLoss from './account-loss-calls.ts';
export * as audit from './audit-calls.ts';
export * as auth from './auth-calls.ts';
export * as bonus from './bonus-calls.ts';
export * as emailConfirmation from './email-confirmation-calls.ts';
export * as file from './file-calls.ts';
export * as generator from './generator-calls.ts';
export * as health from './health-calls.ts';
export * as legal from './legal-calls.ts';
export * as level from './level-calls.ts';
export * as members from './members-calls.ts';
export * as message from './message-calls.ts';
export * as messagelog from './messagelog-calls.ts';
export * as monitor from './monitor-calls.ts';
export * as phonenumber from './phonenumber-calls.ts';
export * as proxy from './proxy-calls.ts';
export * as referral from './referral-calls.ts';
export * as sessions from './sessions-calls.ts';
export * as setting from './setting-calls.ts';
export * as twoFactor from './two-factor-calls.ts';
export * as users from './users-calls.ts';
export * as validator from './validator-calls.ts';
export * as whatsapp from './whatsapp-calls.ts';
export * as withdraw from './withdraw-calls.ts';
