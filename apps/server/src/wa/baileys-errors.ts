/**
 * What Baileys' errors mean to the engine: the status codes of a closed socket, the error codes of a
 * server acknowledgement, and the failed sends and queries they become.
 */
import { SendError } from './driver.ts';

/** Baileys' disconnect reasons (its DisconnectReason enum), by the status code a closed socket reports. */
export const REASON = {
  loggedOut: 401,
  /** WhatsApp refuses the WhatsApp Web version the socket announced (a `failure` node with reason 405). */
  outdatedVersion: 405,
  connectionReplaced: 440,
  restartRequired: 515,
} as const;

/**
 * The connection failures that mean a ban, as whatsmeow's source names them (Baileys passes them on as the
 * status of the closed socket): 402 a temporary ban with an expiry, 403 a locked account, 406 a banned one.
 */
export const TEMPORARY_BAN = 402;
export const BANNED: Record<number, string> = {
  402: 'temporarily banned',
  403: 'account locked',
  406: 'account banned',
};

/**
 * When a temporary ban ends: its failure node's `expire` attribute, in seconds from now (whatsmeow's
 * TempBanReason), which Baileys keeps in the closing error's `data`; null when WhatsApp gave none.
 */
export function banExpiryOf(error: unknown, now = Date.now()): Date | null {
  const data = (error as { data?: { expire?: unknown } } | undefined)?.data;
  const seconds = Number(data?.expire);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(now + seconds * 1000) : null;
}

/** The acknowledgement error WhatsApp gives every send once it restricts what the account may send. */
const ACK_RESTRICTED = '463';
/** WhatsApp's rate-overlimit, whether it answers a query a send makes or the message's own ack. */
const RATE_OVERLIMIT = '429';

/**
 * The status of a Baileys error. A query WhatsApp answers with an error node becomes a Boom whose code is in
 * `data` (a number) while `output.statusCode` says 500 (Baileys' assertNodeErrorFree); a closed socket
 * carries its reason in `output.statusCode` and an object (the failure node) in `data`.
 */
export function statusOf(error: unknown): number | undefined {
  const boom = error as { output?: { statusCode?: number }; data?: unknown } | undefined;
  if (typeof boom?.data === 'number' && Number.isFinite(boom.data)) return boom.data;
  return boom?.output?.statusCode;
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? 'connection closed');
}

/** A number that has no WhatsApp account: final, never retried, never counted as sent. */
export function notOnWhatsApp(number: string): SendError {
  return new SendError('rejected', 'not-on-whatsapp', `${number} is not on WhatsApp`);
}

/** A send WhatsApp's server acknowledged with an error instead of accepting it. */
export function ackErrorOf(code: string): SendError {
  if (code === ACK_RESTRICTED) {
    return new SendError('restricted', code, `WhatsApp restricted sending from this account (${code})`);
  }
  // The engine cools the account down for it (engine/safety/restrict.ts) as for a query's 429; a refusal would
  // have the blast go on at its normal pace into the limit.
  if (code === RATE_OVERLIMIT) return new SendError('transient', code, `rate-overlimit (${code})`);
  return new SendError('rejected', `ack-${code}`, `WhatsApp refused the message (${code})`);
}

export function sendErrorOf(error: unknown, connected: boolean): SendError {
  if (error instanceof SendError) return error;
  const status = statusOf(error);
  const message = reasonOf(error);
  if (!connected || status === 428 || /connection closed|not open/i.test(message))
    return new SendError('disconnected', 'connection-closed', message);
  if (status === 429 || /rate-overlimit/i.test(message)) return new SendError('transient', '429', message);
  if (status === 403) return new SendError('banned', '403', message);
  if (status === 406 || status === 404) return new SendError('rejected', String(status), message);
  return new SendError('transient', String(status ?? 'error'), message);
}
