export { createCompany, createMember, grantData, type NewCompany } from './create-company.js';
