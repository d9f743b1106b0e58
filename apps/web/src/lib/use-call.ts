/**
 * Reads by the call table through TanStack Query, apart from `api.ts` so that a page that reads nothing
 * loads no TanStack Query: the query key comes from the call and what it was asked with (`keyOf`).
 */
import type { Call, Io } from '@sewablast/contract/call';
import { type QueryClient, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type CallArgs, type CallInput, call } from './api.ts';

interface Asked {
  params?: object;
  query?: object;
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

type ReadOptions<T extends Io, R> = Omit<UseQueryOptions<T['answer'], Error, R>, 'queryKey' | 'queryFn'>;

/** A read by its call: `useCall(withdraw.summary, { params: { id } })`. */
export function useCall<T extends Io, R = T['answer']>(op: Call<T>, input: CallInput<T>, options?: ReadOptions<T, R>) {
  return useQuery({
    ...options,
    queryKey: keyOf(op, input),
    // The same input with the query's own signal: CallArgs cannot be resolved for a T not yet known.
    queryFn: ({ signal }) => call(op, ...([{ ...input, signal }] as CallArgs<T>)),
  });
}

/** Reads every answer of the area at `path` again: an area's writes change what its reads show. */
export function refreshArea(client: QueryClient, path: string): Promise<void> {
  return client.invalidateQueries({ queryKey: areaKey(path) });
}
