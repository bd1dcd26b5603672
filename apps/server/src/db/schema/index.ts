export * from './alarms.js';
export * from './auth.js';
export * from './commerce.js';
export * from './companies.js';
export * from './devices.js';
export * from './invoices.js';
export * from './platform.js';
export * from './users.js';
