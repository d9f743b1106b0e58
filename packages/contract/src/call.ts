/**
 * The call table's shape (docs/architecture.md): each endpoint is declared once, in its area's `*-calls`
 * module, with its method, full path, who may call it, its failure statuses and the text shown when a
 * failure carries no `msg`. The server binds it (`http/bind.ts`), the web calls it (`call` in the web's `lib/api.ts`).
 * The request and answer are types only, so that this module and the `*-calls` modules load no zod and the
 * web's first load can import them; the zod schemas that check the same at run time sit beside them in the
 * area's schema module (`call-schemas.ts` ties the two together).
 */
import type { RoleGroup } from './roles.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: 'public' (no token), or the role group of the signed-in callers it serves. */
export type Access = 'public' | RoleGroup;

/**
 * What a call takes, as the caller sends it (a schema's `z.input`), and what it answers; each part a call
 * does not take is left out.
 */
/**
 * A multipart upload's body as the web sends it (a `FormData`, which the contract cannot name without the
 * DOM's types); the server reads the parts itself (`http/upload.ts`), so it has no body schema.
 */
export interface Form {
  append(name: string, value: unknown, fileName?: string): void;
}

export interface Io {
  params?: Record<string, number | string>;
  query?: object;
  body?: unknown;
  answer: unknown;
}

export interface Call<T extends Io = Io> {
  method: Method;
  /** The full path, `:name` standing for a path parameter. */
  path: string;
  access: Access;
  /** The failure statuses the server answers with `msg`, beside its 200. */
  errors: readonly number[];
  /** Shown when a failure carries no `msg` of its own. */
  fallback?: string;
  /** The spec's client reads this call's failures from `error` rather than `msg`: the server sends both. */
  errorField?: true;
  /** Never set: it carries `T` for the compiler. */
  readonly io?: T;
}

/**
 * The answer of a call that streams a file rather than JSON: no schema describes it, and the web never
 * calls it (a signed URL goes to an `<img>` or a download link as it is).
 */
declare const streamed: unique symbol;
export type Streamed = typeof streamed;

export type IoOf<C> = C extends Call<infer T> ? T : never;
export type AnswerOf<C> = IoOf<C>['answer'];

/** The parts a call takes, each required when the call declares it. */
export type InputOf<T extends Io> = (T extends { params: infer P } ? { params: P } : { params?: never }) &
  (undefined extends T['query'] ? { query?: T['query'] } : { query: T['query'] }) &
  (T extends { body: infer B } ? { body: B } : { body?: never });
