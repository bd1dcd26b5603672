import type { ApiBody } from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const CONTACT_KEY = ['ops', 'platform', 'contact'] as const;

/** The support contact members see, with the environment's defaults. */
export function useSupportContact() {
  return useQuery({ queryKey: CONTACT_KEY, queryFn: () => api('POST /ops/platform/contact') });
}

export function useSaveSupportContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /ops/platform/contact/update'>) => api('POST /ops/platform/contact/update', body),
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACT_KEY }),
  });
}
