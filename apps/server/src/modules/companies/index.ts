export { createCompany, createMember, grantData, type NewCompany } from './create-company.js';
export { companyHandlers } from './handlers.js';
export { cleanLicenceImage } from './licence-image/index.js';
