/**
 * The one error type services throw. It says what went wrong by `code`, never by an HTTP status: the HTTP
 * layer maps each code to its status (http/errors.ts STATUS_OF) and sends the answer. `errors` carries
 * per-field messages under the spec's field names.
 */

/** What went wrong, as the caller may act on it; closed, so that every code has its one status. */
export type ErrorCode = RefusalCode | FaultCode;
/** The call is refused: the caller may ask again otherwise, or later. */
export type RefusalCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'out_of_range'
  | 'unprocessable'
  | 'too_many';
/** The server failed the call: the caller learns no more than that (http/errors.ts hides the message). */
export type FaultCode = 'internal' | 'unavailable';

export interface AppErrorAnswer {
  /** Fields the answer carries beside `msg`, such as the code a client tells refusals apart by. */
  fields?: Record<string, string | number | boolean>;
  /** Headers the answer carries, such as Retry-After on a refusal for too many calls. */
  headers?: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly answer: AppErrorAnswer = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, errors?: Record<string, string>) => new AppError('invalid', msg, errors);
export const unauthorized = (msg: string) => new AppError('unauthenticated', msg);
export const forbidden = (msg: string) => new AppError('forbidden', msg);
export const notFound = (msg: string) => new AppError('not_found', msg);
export const conflict = (msg: string, errors?: Record<string, string>) => new AppError('conflict', msg, errors);
/** A share used up: the client may try again after `retryAfterSeconds` (none: it is told in `msg`). */
export const tooMany = (msg: string, retryAfterSeconds?: number) =>
  new AppError(
    'too_many',
    msg,
    undefined,
    retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': retryAfterSeconds } },
  );
export const unavailable = (msg: string) => new AppError('unavailable', msg);

/** Whether the server failed the call, rather than refused it. */
export const isFault = (error: AppError): error is AppError & { code: FaultCode } =>
  error.code === 'internal' || error.code === 'unavailable';
