import type { MatrixRows } from '../matrix.js';
import { acRows } from './ac.js';
import { accountRows } from './account.js';
import { alarmRows } from './alarms.js';
import { atCardRows } from './atcards.js';
import { backOfficeRows } from './backoffice.js';
import { billingRows } from './billing.js';
import { companyRows } from './companies.js';
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

/** Every route's row, by area: a new route without one fails the access-matrix test. */
export const MATRIX: MatrixRows = {
  ...sessionRows,
  ...accountRows,
  ...deviceRows,
  ...backOfficeRows,
  ...memberRows,
  ...companyRows,
  ...platformRows,
  ...orderRows,
  ...invoiceRows,
  ...billingRows,
  ...alarmRows,
  ...monitoringRows,
  ...acRows,
  ...esimRows,
  ...atCardRows,
  ...reportRows,
  ...developerRows,
  ...firmwareRows,
};
