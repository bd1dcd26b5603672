import { acEndpoints } from './ac/endpoints.js';
import { accountEndpoints, accountSettingsEndpoints } from './account/endpoints.js';
import { alarmEndpoints } from './alarms/endpoints.js';
import { announcementEndpoints, announcementOpsEndpoints } from './announcements/endpoints.js';
import { atCardEndpoints } from './atcards/endpoints.js';
import { auditEndpoints } from './audit/endpoints.js';
import { authEndpoints } from './auth/endpoints.js';
import { billingEndpoints } from './billing/endpoints.js';
import { companyEndpoints } from './companies/endpoints.js';
import { connectivityOpsEndpoints } from './connectivity/endpoints.js';
import { joinEndpoints } from './core/endpoint.js';
import { developerEndpoints } from './developer/endpoints.js';
import { deviceEndpoints } from './devices/endpoints.js';
import { esimEndpoints } from './esim/endpoints.js';
import { feedbackEndpoints, feedbackOpsEndpoints } from './feedback/endpoints.js';
import { firmwareEndpoints, firmwareOpsEndpoints } from './firmware/endpoints.js';
import { invoiceEndpoints, invoiceOpsEndpoints } from './invoices/endpoints.js';
import { licenseEndpoints } from './licenses/endpoints.js';
import { memberEndpoints } from './members/endpoints.js';
import { monitoringEndpoints } from './monitoring/endpoints.js';
import { networkEndpoints } from './network/endpoints.js';
import { opsEndpoints } from './ops/endpoints.js';
import { orderEndpoints, orderOpsEndpoints, orderProviderEndpoints } from './orders/endpoints.js';
import { platformEndpoints, platformOpsEndpoints } from './platform/endpoints.js';
import { reportEndpoints } from './reports/endpoints.js';
import { roleEndpoints } from './roles/endpoints.js';

/**
 * Every endpoint of the API, declared once: `METHOD /path` (under /api/v1) → principal,
 * permission, scope, request and response schemas, summary. The server registers a handler
 * for each, the web calls them through `api(key, body)`, the access-matrix test walks them.
 */
export const ENDPOINTS = joinEndpoints(
  authEndpoints,
  accountEndpoints,
  accountSettingsEndpoints,
  companyEndpoints,
  announcementEndpoints,
  feedbackEndpoints,
  licenseEndpoints,
  deviceEndpoints,
  networkEndpoints,
  opsEndpoints,
  auditEndpoints,
  announcementOpsEndpoints,
  feedbackOpsEndpoints,
  memberEndpoints,
  roleEndpoints,
  platformEndpoints,
  platformOpsEndpoints,
  orderEndpoints,
  orderOpsEndpoints,
  orderProviderEndpoints,
  invoiceEndpoints,
  invoiceOpsEndpoints,
  billingEndpoints,
  alarmEndpoints,
  monitoringEndpoints,
  acEndpoints,
  esimEndpoints,
  atCardEndpoints,
  reportEndpoints,
  developerEndpoints,
  firmwareEndpoints,
  firmwareOpsEndpoints,
  connectivityOpsEndpoints,
);
