/**
 * Calls the server by the contract's call table (`@sewablast/contract/call`): the URL, method, whether a
 * token goes with it and the fallback text come from the call, and the answer's type from its declaration,
 * so no screen writes a URL or casts an answer. Reads through TanStack Query: `use-call.ts`.
 */
import type { Call, InputOf, Io } from '@sewablast/contract/call';
import { send, sendText } from './api.ts';

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

/**
 * The query key of a call's answer: its path's words, then what it was asked with. Every call of an area
 * begins with the area's words, so invalidating `areaKey(path)` reads all of them again.
 */
export function keyOf(op: Call, input: Asked = {}): readonly unknown[] {
  return [...areaKey(op.path), input.params ?? null, input.query ?? null];
}

export function areaKey(path: string): string[] {
  return path.split('/').filter(Boolean);
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
  return sendText(urlOf(op, input), op.fallback ?? '');
}
