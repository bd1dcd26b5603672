import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { zFeedbackAdd, zOpsFeedbackHandle, zOpsFeedbackList, zOpsFeedbackListRequest } from './schemas.js';

export const feedbackEndpoints = {
  'POST /rrp/feedback/add': memberEndpoint({
    summary: 'Send feedback (at most 400 characters)',
    permission: null,
    scope: 'company',
    body: zFeedbackAdd,
    response: zNull,
    audit: 'feedback.add',
  }),
} as const;

const feedback = { permission: 'OPS_FEEDBACK', scope: 'platform' } as const;

/** The back office's feedback inbox. */
export const feedbackOpsEndpoints = {
  'POST /ops/feedback/list': staffEndpoint({ ...feedback, summary: 'Feedback from every company', body: zOpsFeedbackListRequest, response: zOpsFeedbackList }),
  'POST /ops/feedback/handle': staffEndpoint({
    ...feedback,
    summary: 'Mark feedback handled',
    body: zOpsFeedbackHandle,
    response: zNull,
    audit: 'feedback.handle',
  }),
} as const;
