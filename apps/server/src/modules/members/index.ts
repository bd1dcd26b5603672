export { memberHandlers } from './handlers.js';
export { assertContactFree, createPendingMember, type NewMember, sendInvitation } from './invitations.js';
export { companyLocale } from './repository.js';
