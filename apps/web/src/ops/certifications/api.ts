import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type CertificationListRequest = ApiBody<'POST /ops/certification/list'>;

/** Submissions in one state, a page at a time, with the count of each state. */
export function useCertificationList(body: CertificationListRequest) {
  return useQuery({
    queryKey: ['ops', 'certifications', body],
    queryFn: () => api('POST /ops/certification/list', body),
    placeholderData: keepPreviousData,
  });
}

export function useCertificationDetail(id: string | null) {
  return useQuery({ queryKey: ['ops', 'certification', id], queryFn: () => api('POST /ops/certification/detail', { id: id ?? '' }), enabled: !!id });
}

/** Approves or rejects a submission; everything of the back office is read again (counts, the company's state). */
export function useCertificationDecision() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['ops'] });
  return {
    approve: useMutation({ mutationFn: (id: string) => api('POST /ops/certification/approve', { id }), onSuccess: refresh }),
    reject: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) => api('POST /ops/certification/reject', { id, reason }),
      onSuccess: refresh,
    }),
  };
}
