import type { TAccountInfo } from '@rrp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, publicApi } from '../../lib/api';

export const accountKeys = {
  info: ['account', 'info'] as const,
  company: ['account', 'company'] as const,
  countries: ['countries'] as const,
};

export function fetchAccountInfo(): Promise<TAccountInfo> {
  return api('POST /rrp/account/query');
}

export function useCompanyInfo() {
  return useQuery({ queryKey: accountKeys.company, queryFn: () => api('POST /rrp/account/company') });
}

/** The country list is public and changes rarely. */
export function useCountries() {
  return useQuery({
    queryKey: accountKeys.countries,
    queryFn: () => publicApi('POST /rrp/country/list'),
    staleTime: 60 * 60 * 1000,
  });
}
