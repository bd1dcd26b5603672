/** Where feedback was written: the header's feedback dialog or the customer-service widget. */
export const FEEDBACK_SOURCES = ['feedback', 'service'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];
