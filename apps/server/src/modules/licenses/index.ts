export { licenseHandlers } from './handlers.js';
export { AUTO_RENEW_JOB, licenseJobs } from './jobs.js';
export { processExpiries } from './renewal.js';
export {
  grantLicenses,
  licenseCount,
  lockStock,
  payerIdOf,
  payerOf,
  renewedExpiry,
  reservedOf,
  statusAfterRenewal,
  stockOf,
  useLicenses,
} from './repository.js';
