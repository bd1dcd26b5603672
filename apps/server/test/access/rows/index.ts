import type { MatrixRows } from '../matrix.js';
import { acRows } from './ac.js';
import { accountRows } from './account.js';
import { alarmRows } from './alarms.js';
import { atCardRows } from './atcards.js';
import { backOfficeRows } from './backoffice.js';
import { billingRows } from './billing.js';
import { companyRows } from './companies.js';
import { connectivityRows } from './connectivity.js';
import { developerRows } from './developer.js';
import { deviceRows } from './devices.js';
import { esimRows } from './esim.js';
import { firmwareRows } from './firmware.js';
import { invoiceRows } from './invoices.js';
import { memberRows } from './members.js';
import { monitoringRows } from './monitoring.js';
import { orderRows } from './orders.js';
import { platformRows } from './platform.js';
import { reportRows } from './reports.js';
import { sessionRows } from './session.js';

/**
 * The matrix in four parts of similar length, each run by its own test file (and so in parallel):
 * sign-in, accounts and companies; devices and eSIMs; the back office, members and reports;
 * commerce, alarms, monitoring and the developer area.
 */
export const MATRIX_PARTS = {
  identity: { ...sessionRows, ...accountRows, ...companyRows },
  devices: { ...deviceRows, ...esimRows, ...atCardRows, ...acRows },
  staff: { ...backOfficeRows, ...memberRows, ...firmwareRows, ...connectivityRows, ...platformRows, ...reportRows, ...billingRows },
  commerce: { ...orderRows, ...invoiceRows, ...alarmRows, ...monitoringRows, ...developerRows },
} satisfies Record<string, MatrixRows>;

/** Every route's row, by area: a new route without one fails the access-matrix test. */
export const MATRIX: MatrixRows = { ...MATRIX_PARTS.identity, ...MATRIX_PARTS.devices, ...MATRIX_PARTS.staff, ...MATRIX_PARTS.commerce };
