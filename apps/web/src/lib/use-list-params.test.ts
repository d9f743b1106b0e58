import { describe, expect, it } from 'vitest';
import { changedParams, pageNumberOf } from './use-list-params.ts';

describe("a list's page in its address", () => {
  it('is a whole number from 1, and 1 where the address names none or nonsense', () => {
    expect(pageNumberOf('3')).toBe(3);
    expect(pageNumberOf(null)).toBe(1);
    expect(pageNumberOf('')).toBe(1);
    expect(pageNumberOf('0')).toBe(1);
    expect(pageNumberOf('-2')).toBe(1);
    expect(pageNumberOf('abc')).toBe(1);
    expect(pageNumberOf('2.5')).toBe(2);
  });
});

describe("a change to a list's address", () => {
  const address = (search: string, changes: Record<string, string>) =>
    changedParams(new URLSearchParams(search), changes).toString();

  it('keeps what it does not change, in its order', () => {
    expect(address('page=2&s=budi&status=active', { page: '3' })).toBe('page=3&s=budi&status=active');
    expect(address('id=7&s=x&page=4', { page: '1', s: 'open' })).toBe('id=7&s=open&page=1');
  });

  it('adds a new value after the others', () => {
    expect(address('page=2&s=budi', { page: '1', status: 'blocked' })).toBe('page=1&s=budi&status=blocked');
    expect(address('', { page: '1', s: 'budi' })).toBe('page=1&s=budi');
  });

  it('leaves out an emptied value', () => {
    expect(address('page=2&s=budi&status=active', { page: '1', s: '' })).toBe('page=1&status=active');
    expect(address('page=2&s=', { page: '3' })).toBe('page=3');
  });

  it('writes a search as the address spells it', () => {
    expect(address('page=1', { page: '1', s: '0812 34&x' })).toBe('page=1&s=0812+34%26x');
  });
});
