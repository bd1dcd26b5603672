export { accountHandlers, accountSettingsHandlers } from './handlers.js';
export { ACCOUNT_QUERY, findAccount } from './repository.js';
