import { z } from 'zod';
import { field } from '../core/labels.js';
import { LIMITS } from '../shared/limits.js';
import { FEEDBACK_SOURCES } from './constants.js';

export const zFeedbackAdd = z.object({
  feedback: field('反馈内容', 'feedback', z.string().trim().min(1).max(LIMITS.feedbackMax)),
  source: field('来源', 'source', z.enum(FEEDBACK_SOURCES)).default('feedback'),
});
