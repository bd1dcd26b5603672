import type { ApiBody } from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const PRICES_KEY = ['ops', 'merchandise'] as const;

/** Every product with its prices. */
export function usePrices() {
  return useQuery({ queryKey: PRICES_KEY, queryFn: () => api('POST /ops/merchandise/list') });
}

/** Sets a product's prices; the list is read again. */
export function useUpdatePrice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /ops/merchandise/update'>) => api('POST /ops/merchandise/update', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: PRICES_KEY }),
  });
}
