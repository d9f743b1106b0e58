/**
 * A list's address (spec part 2 §2): `page` (default 1) and the values the list names — `s` its search, and
 * its filters — read and changed without a reload, so that a list can be bookmarked, shared and gone back to.
 * A new search or filter starts again from page 1; paging keeps the rest; an empty value leaves the address.
 */
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The page an address names: a whole number from 1, and 1 where it names none (or a hand-edited nonsense). */
export function pageNumberOf(raw: string | null): number {
  return Math.max(1, Number.parseInt(raw ?? '1', 10) || 1);
}

/** The address after `changes`: what it held, changed, in its order, without the empty values. */
export function changedParams(current: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const merged = { ...Object.fromEntries(current), ...changes };
  return new URLSearchParams(Object.entries(merged).filter(([, value]) => value));
}

export interface ListParams<K extends string> {
  page: number;
  /** `s`, '' where the address has none. */
  search: string;
  /** Each filter the list names, '' where the address has none. */
  filters: Record<K, string>;
  setPage: (page: number) => void;
  /** A new search, from page 1; the same function from render to render, as the search box's delay wants. */
  setSearch: (search: string) => void;
  /** A new filter value, from page 1. */
  setFilter: (name: K, value: string) => void;
}

export function useListParams<K extends string = never>(...filterNames: K[]): ListParams<K> {
  const [params, setParams] = useSearchParams();
  const change = (changes: Record<string, string>) => setParams((current) => changedParams(current, changes));
  const setSearch = useCallback(
    (search: string) => setParams((current) => changedParams(current, { page: '1', s: search })),
    [setParams],
  );
  return {
    page: pageNumberOf(params.get('page')),
    search: params.get('s') ?? '',
    filters: Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<K, string>,
    setPage: (page) => change({ page: String(page) }),
    setSearch,
    setFilter: (name, value) => change({ page: '1', [name]: value }),
  };
}

/**
 * A page past the end (an old bookmark, rows deleted meanwhile) shows the last page: once the server's answer
 * says how many pages there are, the address is corrected in place, so Back does not return to the empty page.
 * `totalPages` is undefined until that answer has come.
 */
export function useLastPageGuard(page: number, totalPages: number | undefined): void {
  const [, setParams] = useSearchParams();
  useEffect(() => {
    if (totalPages === undefined || page <= totalPages) return;
    setParams((current) => changedParams(current, { page: String(Math.max(1, totalPages)) }), { replace: true });
  }, [page, totalPages, setParams]);
}
