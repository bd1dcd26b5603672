import type { TAccountInfo, TCompanyInfo, TCountry } from '@rrp/contracts';
import { useQuery } from '@tanstack/react-query';
import { post, postPublic } from '../../lib/http';

export const accountKeys = {
  info: ['account', 'info'] as const,
  company: ['account', 'company'] as const,
  countries: ['countries'] as const,
};

export function fetchAccountInfo(): Promise<TAccountInfo> {
  return post<TAccountInfo>('/account/query', {});
}

export function useCompanyInfo() {
  return useQuery({ queryKey: accountKeys.company, queryFn: () => post<TCompanyInfo>('/account/company', {}) });
}

/** The country list is public and changes rarely. */
export function useCountries() {
  return useQuery({
    queryKey: accountKeys.countries,
    queryFn: () => postPublic<TCountry[]>('/country/list', {}),
    staleTime: 60 * 60 * 1000,
  });
}
