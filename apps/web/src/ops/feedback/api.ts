import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const FEEDBACK_KEY = ['ops', 'feedback'] as const;

export type OpsFeedbackListRequest = ApiBody<'POST /ops/feedback/list'>;

/** Feedback from every company, a page at a time. */
export function useOpsFeedbackList(body: OpsFeedbackListRequest) {
  return useQuery({ queryKey: [...FEEDBACK_KEY, body], queryFn: () => api('POST /ops/feedback/list', body), placeholderData: keepPreviousData });
}

/** Marks one piece of feedback handled; the lists are read again. */
export function useHandleFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('POST /ops/feedback/handle', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}
