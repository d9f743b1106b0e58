/**
 * TanStack Query for the pages that read through it: a layout route of its own, so that sign-in and sign-up,
 * the first load of most visits (DESIGN §10), go without the library. One client for the whole visit: its
 * cache outlives a move between the public pages and the signed-in ones, as when it sat at the root.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { retryRead } from '../lib/query-retry.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: retryRead } },
});

export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
