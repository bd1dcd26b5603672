export { assertContactFree, createPendingMember, type NewMember, sendInvitation } from './invitations.js';
export { companyLocale } from './locale.js';
