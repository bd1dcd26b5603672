import type { TAccountOverview } from '@rrp/contracts';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../lib/http';

/** The overview is not cached: it is read again every time home opens. */
export function useOverview() {
  return useQuery({
    queryKey: ['overview'],
    queryFn: () => post<TAccountOverview>('/account/overview', {}),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
