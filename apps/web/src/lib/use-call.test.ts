import type { Call } from '@sewablast/contract/call';
import * as withdraw from '@sewablast/contract/withdraw-calls';
import { describe, expect, it } from 'vitest';
import { urlOf } from './api.ts';
import { areaKey, keyOf } from './use-call.ts';

const ofUser: Call<{ params: { id: number }; query: { search?: string; page?: number }; answer: null }> = {
  method: 'GET',
  path: '/api/admin/x/list/:id',
  access: 'everyone',
  errors: [],
};

describe('a call by the call table', () => {
  it('puts the parameters into the path and the set query values after it', () => {
    expect(urlOf(ofUser, { params: { id: 7 }, query: { page: 2, search: '' } })).toBe('/api/admin/x/list/7?page=2');
    expect(urlOf(ofUser, { params: { id: 7 }, query: { search: 'a b&c' } })).toBe('/api/admin/x/list/7?search=a+b%26c');
    expect(urlOf(withdraw.update)).toBe('/api/admin/withdraw/update');
  });

  it('keys a read by its area, so that the area refreshes all its reads at once', () => {
    const key = keyOf(withdraw.summary, { params: { id: 3 } });
    expect(key.slice(0, areaKey(withdraw.area).length)).toEqual(areaKey(withdraw.area));
    expect(key).not.toEqual(keyOf(withdraw.summary, { params: { id: 4 } }));
    expect(keyOf(withdraw.page, { query: { page: 1 } })).not.toEqual(keyOf(withdraw.page, { query: { page: 2 } }));
  });
});
