/**
 * The zod half of the call table: an area's schema module declares, for each call of its `*-calls` module,
 * the schemas the server checks and documents it by. `schemasOf` holds them to the call's types, so that
 * the types the web calls by and the schemas the server checks cannot drift apart.
 */
import type { z } from 'zod';
import type { Call, Form, Io, Streamed } from './call.ts';

/** A schema whose parsed value is T: the answer. */
type Schema<T> = z.ZodType<T, unknown>;
/** A schema that accepts T as sent: a call's params, query and body are what the caller sends. */
type Accepting<T> = z.ZodType<unknown, T>;

/** A streamed file's answer in the document: its media types, and no shape, since nothing serializes it. */
export interface StreamedAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** What the server checks of a call and says of it in its document; failures come from the call's `errors`. */
export type CallSchema<T extends Io = Io> = {
  summary?: string;
  description?: string;
  /**
   * The answer of a 200 (for a streamed file, its success answers as the document names them), and any
   * failure whose body says more than `msg` and `errors`.
   */
  response: T['answer'] extends Streamed
    ? Record<number, StreamedAnswer | z.ZodType>
    : { 200: Schema<T['answer']> } & Record<number, z.ZodType>;
} & (T extends { params: infer P } ? { params: Accepting<P> } : unknown) &
  (T extends { query: infer Q } ? { querystring: Accepting<Q> } : unknown) &
  (T extends { body: infer B }
    ? [B] extends [Form]
      ? { consumes: readonly ['multipart/form-data'] }
      : { body: Accepting<B> }
    : unknown);

/** One schema for each call of a `*-calls` module (its other exports, such as `area`, need none). */
type SchemasFor<Calls> = {
  [K in keyof Calls as Calls[K] extends Call ? K : never]: Calls[K] extends Call<infer T> ? CallSchema<T> : never;
};

/** An area's schemas, one per call, each tagged with the area's name in the document. */
export function schemasOf<Calls>() {
  return <const S extends SchemasFor<Calls>>(
    tags: string[],
    schemas: S,
  ): { [K in keyof S]: S[K] & { tags: string[] } } =>
    Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, { tags, ...(schema as object) }])) as {
      [K in keyof S]: S[K] & { tags: string[] };
    };
}
