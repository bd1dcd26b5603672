import { z } from 'zod';
import { field } from '../core/labels.js';
import { zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { LIMITS } from '../shared/limits.js';
import { FEEDBACK_SOURCES } from './constants.js';

export const zFeedbackAdd = z.object({
  feedback: multiline(field('反馈内容', 'feedback', z.string().trim().min(1).max(LIMITS.feedbackMax))),
  source: field('来源', 'source', z.enum(FEEDBACK_SOURCES)).default('feedback'),
});

// ---- feedback inbox (back office)

export const zOpsFeedbackListRequest = z.object({
  handled: field('处理状态', 'handled', z.boolean()).optional(),
  keyword: zKeyword.optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zOpsFeedbackRow = z.object({
  id: z.number().int(),
  text: z.string(),
  source: z.enum(FEEDBACK_SOURCES),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  memberName: z.string().nullable(),
  memberMail: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type TOpsFeedbackRow = z.infer<typeof zOpsFeedbackRow>;
export const zOpsFeedbackList = zPage(zOpsFeedbackRow);
export const zOpsFeedbackHandle = z.object({ id: field('反馈', 'feedback', z.number().int().positive()) });
