import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { retryRead } from './query-retry.ts';

/** How many times a read failing with `error` is tried by a client with the dashboard's retry rule. */
async function attempts(error: Error): Promise<number> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: retryRead, retryDelay: 0 } } });
  let tries = 0;
  await client
    .fetchQuery({
      queryKey: ['read'],
      queryFn: () => {
        tries += 1;
        throw error;
      },
    })
    .catch(() => undefined);
  client.clear();
  return tries;
}

describe('retryRead', () => {
  it('asks once for a read the server refuses, so that its reason shows at once', async () => {
    expect(await attempts(new ApiError(400, 'Tanggal awal tidak boleh setelah tanggal akhir.'))).toBe(1);
    expect(await attempts(new ApiError(403, 'Forbidden'))).toBe(1);
  });

  it('tries once more after a network failure or a server error', async () => {
    expect(await attempts(new ApiError(0, 'Internal server error'))).toBe(2);
    expect(await attempts(new ApiError(502, 'Internal server error'))).toBe(2);
  });
});
