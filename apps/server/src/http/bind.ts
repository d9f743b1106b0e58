/**
 * Serves one call of the call table (`@sewablast/contract/call`): the URL, method and who may call it come
 * from the call, the schemas from the area's schema module, the failure answers from the call's `errors`;
 * the route file gives only the handler (and what the server alone checks, such as a request header).
 */
import type { Call } from '@sewablast/contract/call';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { failuresOf } from './errors.ts';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/**
 * What the server alone sets on a route beside the call: its rate limit and the sessions it admits
 * (`config`), whether the handler answers a body the schema refused itself (`attachValidation`).
 */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'access' | 'errorField'>;
  attachValidation?: boolean;
}

export function bind<S extends FastifySchema & { response: object }>(
  app: ZodApp,
  call: Call,
  schema: S,
  handler: Handler<S>,
  { config, ...extras }: RouteExtras = {},
): void {
  const response = { ...failuresOf(...call.errors), ...schema.response };
  app.route({
    ...extras,
    method: call.method,
    url: call.path,
    config: { ...config, access: call.access, ...(call.errorField ? { errorField: true } : {}) },
    schema: { ...schema, response },
    // Checked against `schema` in the signature; the failure answers added here change no type it uses.
    handler: handler as never,
  });
}
