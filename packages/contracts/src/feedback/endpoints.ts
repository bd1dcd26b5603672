import { memberEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { zFeedbackAdd } from './schemas.js';

export const feedbackEndpoints = {
  'POST /rrp/feedback/add': memberEndpoint({
    summary: 'Send feedback (at most 400 characters)',
    permission: null,
    scope: 'company',
    body: zFeedbackAdd,
    response: zNull,
  }),
} as const;
