/**
 * Maps every failure to the answer DESIGN §6 describes: `msg` (plus `errors` per field), the status that
 * fits, and never a stack trace or a 5xx message. The one place an error's code becomes an HTTP status.
 */
import { fieldErrorsOf, ZErrorResponse } from '@sewablast/contract/errors';
import { INPUT_TEXT } from '@sewablast/contract/paging';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../lib/app-error.ts';
import type { KeptStatus } from '../lib/idempotency.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's client reads this route's failures from `error` rather than `msg`: send both. */
    errorField?: boolean;
  }
}

/** The HTTP status of each error code: the only mapping, so domain code never names a status. */
export const STATUS_OF: Record<ErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  out_of_range: 416,
  unprocessable: 422,
  too_many: 429,
  internal: 500,
  unavailable: 503,
};

/** A code by its status, for answers kept as status and body (the Idempotency-Key's). */
const CODE_OF = new Map(Object.entries(STATUS_OF).map(([code, status]) => [status, code as ErrorCode]));

/** The kept answers' status column: a refusal's status, the success status when none. */
export const KEPT_STATUS: KeptStatus = {
  of: (refused) => (refused ? STATUS_OF[refused] : 200),
  refusedOf: (status) => CODE_OF.get(status),
};

/**
 * A refusal of the access layer (no or a refused token, the caller's role, a session that must first change
 * its password or set up its second factor, the caller's share of calls): answered alike on every route, so
 * without the `error` field a route's own failures carry for the spec's client (`config.errorField`).
 */
export class AccessRefused extends AppError {}

/**
 * The failure answers a route declares beside its 200, each `msg` with `errors` per field where fields are at
 * fault: `response: { 200: ZX, ...failuresOf(400, 401, 403) }`.
 */
export function failuresOf<S extends number>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;
}

export interface FieldErrors {
  msg: string;
  errors: Record<string, string>;
}

/** Fastify's validation errors (a zod issue's path as `/a/b`) as the answer's `errors`, and the first as `msg`. */
export function fieldErrors(issues: { instancePath: string; message?: string }[]): FieldErrors {
  const errors = fieldErrorsOf(
    issues.map((issue) => ({ path: issue.instancePath.split('/').filter(Boolean), message: issue.message })),
  );
  // Every key fieldErrorsOf sets holds a message: none is undefined.
  return { msg: Object.values(errors)[0] ?? SERVER_TEXT.invalidInput, errors: errors as Record<string, string> };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: { msg: string; errors?: Record<string, string> }) =>
      reply.code(status).send(request.routeOptions.config?.errorField ? { ...body, error: body.msg } : body);
    if (hasZodFastifySchemaValidationErrors(error)) return send(400, fieldErrors(error.validation));
    if (error instanceof AppError) {
      const status = STATUS_OF[error.code];
      if (status >= 500) {
        request.log.error({ err: error }, 'application error');
        return send(status, { msg: TEXT.internalError });
      }
      if (error.answer.headers) reply.headers(error.answer.headers);
      const body = { ...error.answer.fields, msg: error.message };
      const answer = error.errors ? { ...body, errors: error.errors } : body;
      return error instanceof AccessRefused ? reply.code(status).send(answer) : send(status, answer);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, { msg: status === 429 ? SERVER_TEXT.tooManyRequests : error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { msg: TEXT.internalError });
  });
}

/**
 * The router's own refusals, raised before any hook or handler and so never seen by the error handler: a
 * URL that does not decode, or a path segment past the router's length limit. Passed to Fastify as
 * `frameworkErrors`, they answer with `msg` like every other failure.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  const msg =
    error.code === 'FST_ERR_BAD_URL'
      ? INPUT_TEXT.badUrl
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? INPUT_TEXT.urlTooLong
        : status < 500
          ? error.message
          : TEXT.internalError;
  reply.code(status).send({ msg });
}
