/**
 * TanStack Query for the pages that read through it: a layout route of its own, so that sign-in and sign-up,
 * the first load of most visits (DESIGN §10), go without the library. One client for the whole visit: its
 * cache outlives a move between the public pages and the signed-in ones, as when it sat at the root.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ApiError } from '../lib/api.ts';

/**
 * One more try for a read that may pass the second time (the network, a 5xx); a refusal (4xx) would be
 * refused again, and retrying it only keeps the screen on the previous rows instead of the server's reason.
 */
const retry = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry } },
});

export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
