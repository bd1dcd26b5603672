import type { FeedbackSource } from '@rrp/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { FeedbackSource };

export function useSendFeedback() {
  return useMutation({
    mutationFn: ({ feedback, source }: { feedback: string; source: FeedbackSource }) => api('POST /rrp/feedback/add', { feedback: feedback.trim(), source }),
  });
}
