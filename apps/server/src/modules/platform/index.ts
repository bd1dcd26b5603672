export { readSupportContact } from './contact.js';
export { platformHandlers, platformOpsHandlers } from './handlers.js';
