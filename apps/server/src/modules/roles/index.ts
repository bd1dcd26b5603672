export { assertHeld, heldCodes, normalizeCodes } from './codes.js';
export { roleHandlers } from './handlers.js';
export { lockCompany } from './repository.js';
