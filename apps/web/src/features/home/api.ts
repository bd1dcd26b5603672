import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** An overview read this recently (during sign-in, see prefetchOverview) is shown without reading it again. */
const JUST_READ_MS = 3000;

const overviewQuery = {
  queryKey: ['overview'] as const,
  queryFn: () => api('POST /rrp/account/overview'),
};

/** Read while signing in, so home shows its figures (and the unread announcement) at once. */
export function prefetchOverview(client: QueryClient): Promise<void> {
  return client.prefetchQuery(overviewQuery);
}

/** The overview is not cached: it is read again every time home opens (unless just read). */
export function useOverview() {
  return useQuery({
    ...overviewQuery,
    staleTime: 0,
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt < JUST_READ_MS ? false : 'always'),
  });
}
