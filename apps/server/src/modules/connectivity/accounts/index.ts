export { accountDetail, listAccounts } from './read.js';
export { syncNow } from './sync.js';
export { TEST_TIMEOUT_MS, testConnection } from './test-connection.js';
export { addAccount, setDisabled, updateAccount } from './write.js';
