/*
 * Everything of the contracts a browser may import at run time: constants and pure functions,
 * no zod. The web app imports values from '@rrp/contracts/constants' only, and types from
 * '@rrp/contracts' with `import type` (a test checks it).
 */
export * from './ac/constants.js';
export * from './alarms/constants.js';
export * from './atcards/constants.js';
export * from './audit/constants.js';
export * from './billing/constants.js';
export * from './companies/constants.js';
export * from './connectivity/kinds.js';
export * from './connectivity/limits.js';
export * from './core/endpoint.js';
export * from './developer/constants.js';
export * from './devices/constants.js';
export * from './esim/constants.js';
export * from './feedback/constants.js';
export * from './firmware/constants.js';
export * from './invoices/constants.js';
export * from './licenses/constants.js';
export * from './members/constants.js';
export * from './monitoring/constants.js';
export * from './network/constants.js';
export * from './orders/constants.js';
export * from './platform/constants.js';
export * from './reports/constants.js';
export * from './shared/errors.js';
export * from './shared/limits.js';
export * from './shared/locale.js';
export * from './shared/password.js';
export * from './shared/permissions.js';
export * from './shared/signing.js';
