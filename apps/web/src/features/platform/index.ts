export { rememberSupportContact, SUPPORT_CONTACT_KEY, type SupportContactView, useSupportContact } from './api';
export { dayRuns, formatDays, formatHours, formatUtcOffset } from './formatHours';
