import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The signed-in staff member: name and permission codes (the menu shows what they hold). */
export function useStaffAccount() {
  return useQuery({ queryKey: ['ops', 'me'], queryFn: () => api('POST /ops/account/query') });
}
