/**
 * The one way the dashboard calls the server: `call(withdraw.update, { body })` by the contract's call table
 * (docs/architecture.md), whose declaration gives the URL, the method, whether a token goes with it, the
 * fallback text and the answer's type. JSON, the server's `msg` and per-field `errors` surfaced, and a 401
 * on a signed-in call ending the session.
 */
import type { Call, InputOf, Io } from '@sewablast/contract/call';
import { TEXT } from '@sewablast/contract/texts';
import { getToken, signOutAndReload } from './session.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sign-in, sign-up and validation go without a token. */
  anonymous?: boolean;
  /** Message when the server gives none. */
  fallback?: string;
  signal?: AbortSignal;
  /** Extra request headers, such as a withdrawal's `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** The answer is text rather than JSON (a CSV download). */
  text?: boolean;
}

let ending = false;

/**
 * A token the server refuses ends the session once: a screen's parallel reads all answer 401, and a second
 * `location.replace` would abort the first page load.
 */
function endSession(): void {
  if (ending) return;
  ending = true;
  signOutAndReload();
}

/** A request to `url` (path and query): the one fetch behind `call` and `callText`. */
export async function send<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  if (!options.anonymous) {
    const token = getToken();
    if (!token) throw new ApiError(0, TEXT.tokenMissing);
    headers.authorization = `Bearer ${token}`;
  }
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // Spec part 1 §8: a failed read, sign-in, sign-up or validation is an 'Internal server error'; a failed
    // save is a network error the user can retry.
    throw new ApiError(0, method === 'GET' || options.anonymous ? TEXT.internalError : TEXT.networkError);
  }
  if (options.text && response.ok) return (await response.text()) as T;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw failureOf(response.status, body, options);
  return body as T;
}

/** The error of a refused call, with the server's `msg` and `errors`; a 401 on a signed-in call ends the session. */
export function failureOf(
  status: number,
  body: Record<string, unknown>,
  options: Pick<RequestOptions, 'anonymous' | 'fallback'>,
): ApiError {
  if (status === 401 && !options.anonymous) endSession();
  const message =
    (typeof body.msg === 'string' && body.msg) ||
    (typeof body.message === 'string' && body.message) ||
    options.fallback ||
    (status >= 500 ? TEXT.internalError : TEXT.networkError);
  return new ApiError(status, message, (body.errors as Record<string, string>) ?? {}, body);
}

export type CallInput<T extends Io> = InputOf<T> & { headers?: Record<string, string>; signal?: AbortSignal };

/** A call's input may be left out when it takes nothing. */
export type CallArgs<T extends Io> =
  Record<string, never> extends InputOf<T> ? [input?: CallInput<T>] : [input: CallInput<T>];

interface Asked {
  params?: object;
  query?: object;
}

/** The URL of a call: its path with the parameters put in, then the query's set values. */
export function urlOf(op: Call, input: Asked = {}): string {
  const params = (input.params ?? {}) as Record<string, number | string>;
  const path = op.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function call<T extends Io>(op: Call<T>, ...[input]: CallArgs<T>): Promise<T['answer']> {
  return send<T['answer']>(urlOf(op, input), {
    method: op.method,
    body: input?.body,
    anonymous: op.access === 'public',
    fallback: op.fallback,
    headers: input?.headers,
    signal: input?.signal,
  });
}

/** A call answered with text rather than JSON (a CSV download). */
export function callText<T extends Io & { answer: string }>(op: Call<T>, ...[input]: CallArgs<T>): Promise<string> {
  return send<string>(urlOf(op, input), { fallback: op.fallback, signal: input?.signal, text: true });
}
