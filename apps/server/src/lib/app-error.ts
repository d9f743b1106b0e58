/**
 * The one error type services throw. The HTTP layer maps `status` to the answer (http/errors.ts); `errors`
 * carries per-field messages under the spec's field names.
 */
export interface AppErrorAnswer {
  /** Fields the answer carries beside `msg`, such as the code a client tells refusals apart by. */
  fields?: Record<string, string>;
  /** Headers the answer carries, such as Retry-After on a 429. */
  headers?: Record<string, string | number>;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly answer: AppErrorAnswer = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, errors?: Record<string, string>) => new AppError(400, msg, errors);
export const unauthorized = (msg: string) => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
export const conflict = (msg: string, errors?: Record<string, string>) => new AppError(409, msg, errors);
/** A share used up: the client may try again after `retryAfterSeconds`. */
export const tooMany = (msg: string, retryAfterSeconds: number) =>
  new AppError(429, msg, undefined, { headers: { 'retry-after': retryAfterSeconds } });
