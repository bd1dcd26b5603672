export { assertContactFree, createPendingMember, type NewMember, sendInvitation } from './invitations.js';
