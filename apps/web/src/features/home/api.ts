import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { rememberSupportContact } from '../platform';

/** An overview read this recently (during sign-in, see prefetchOverview) is shown without reading it again. */
const JUST_READ_MS = 3000;

/** The overview also carries the support contact: the customer-service widget gets the same copy. */
const overviewQuery = (client: QueryClient) => ({
  queryKey: ['overview'] as const,
  queryFn: async () => {
    const overview = await api('POST /rrp/account/overview');
    rememberSupportContact(client, overview.contact);
    return overview;
  },
});

/** Read while signing in, so home shows its figures (and the unread announcement) at once. */
export function prefetchOverview(client: QueryClient): Promise<void> {
  return client.prefetchQuery(overviewQuery(client));
}

/** The overview is not cached: it is read again every time home opens (unless just read). */
export function useOverview() {
  const client = useQueryClient();
  return useQuery({
    ...overviewQuery(client),
    staleTime: 0,
    refetchOnMount: (query) => (Date.now() - query.state.dataUpdatedAt < JUST_READ_MS ? false : 'always'),
  });
}
