import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/http';

/** Where feedback was written: the header's feedback dialog or the customer-service widget. */
export type FeedbackSource = 'feedback' | 'service';

export function useSendFeedback() {
  return useMutation({
    mutationFn: ({ feedback, source }: { feedback: string; source: FeedbackSource }) => post<unknown>('/feedback/add', { feedback: feedback.trim(), source }),
  });
}
