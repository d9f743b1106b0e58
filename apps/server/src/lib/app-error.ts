/**
 * The one error type services throw. The HTTP layer maps `status` to the answer; `errors` carries
 * per-field messages under the spec's field names.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
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
