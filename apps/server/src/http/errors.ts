/**
 * Maps every failure to the answer DESIGN §6 describes: `msg` (plus `errors` per field), the status that
 * fits, and never a stack trace or a 5xx message.
 */
import { fieldErrorsOf, ZErrorResponse } from '@sewablast/contract/errors';
import { INPUT_TEXT } from '@sewablast/contract/paging';
import { SERVER_TEXT, TEXT } from '@sewablast/contract/texts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's client reads this route's failures from `error` rather than `msg`: send both. */
    errorField?: boolean;
  }
}

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
      if (error.status >= 500) {
        request.log.error({ err: error }, 'application error');
        return send(error.status, { msg: TEXT.internalError });
      }
      if (error.answer.headers) reply.headers(error.answer.headers);
      const body = { ...error.answer.fields, msg: error.message };
      return send(error.status, error.errors ? { ...body, errors: error.errors } : body);
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
