import { QueryClient } from '@tanstack/react-query';
import { onUserReset } from '../lib/userData';

/**
 * The http client already shows every failure, so queries do not retry (a retry would show
 * the same message again) and do not refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// a new session, a session end or another account: nothing cached may carry over
onUserReset(() => queryClient.clear());
