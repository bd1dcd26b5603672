import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/http';

export function useSendFeedback() {
  return useMutation({
    mutationFn: (feedback: string) => post<unknown>('/feedback/add', { feedback: feedback.trim() }),
  });
}
