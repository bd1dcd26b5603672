import { QueryClient } from '@tanstack/react-query';
import { onUserReset } from './userData';

/**
 * The http client already shows every failure, so queries do not retry (a retry would show
 * the same message again) and do not refetch on window focus. Calls are always sent, also when
 * the browser believes it is offline: a call held back without a word would leave a spinner or
 * an open dialog forever, while a sent one fails with the server-abnormal message.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

// a new session, a session end or another account: nothing cached may carry over
onUserReset(() => queryClient.clear());
