import { memberEndpoint } from '../core/endpoint.js';
import { zEmpty, zNull } from '../core/paging.js';
import {
  zCoverReport,
  zDeviceStatusReport,
  zFlowReport,
  zReportExportQuery,
  zReportRequest,
  zReportSubscription,
  zReportSubscriptionAdd,
  zReportSubscriptionDelete,
  zReportSubscriptionList,
  zStabilityReport,
} from './schemas.js';

/** Reports cover the caller's company or one of its sub-companies (docs/reports.md). */
const report = { permission: 'OPERATION_REPORT', scope: 'subtree' } as const;

export const reportEndpoints = {
  'POST /rrp/report/flow': memberEndpoint({
    ...report,
    summary: 'Flow report: usage per day or month, top devices, by operator and region, pool',
    body: zReportRequest,
    response: zFlowReport,
  }),
  'POST /rrp/report/device': memberEndpoint({
    ...report,
    summary: 'Device report: by status, online rate, imports, expiries, renewals',
    body: zReportRequest,
    response: zDeviceStatusReport,
  }),
  'POST /rrp/report/stability': memberEndpoint({
    ...report,
    summary: 'Stability report: online ratio, offline episodes, card switches, signal, zero usage',
    body: zReportRequest,
    response: zStabilityReport,
  }),
  'POST /rrp/report/cover': memberEndpoint({
    ...report,
    summary: 'Coverage report: devices and usage by region, operator and network type',
    body: zReportRequest,
    response: zCoverReport,
  }),
  'GET /rrp/report/export': memberEndpoint({
    ...report,
    summary: 'One report’s figures as xlsx, a sheet per chart',
    query: zReportExportQuery,
    response: 'file',
  }),
  'POST /rrp/report/subscription/list': memberEndpoint({
    ...report,
    summary: 'The caller’s report subscriptions',
    body: zEmpty,
    response: zReportSubscriptionList,
  }),
  'POST /rrp/report/subscription/add': memberEndpoint({
    ...report,
    summary: 'Subscribe to a report e-mailed as xlsx (daily, weekly or monthly) in the member’s language',
    body: zReportSubscriptionAdd,
    response: zReportSubscription,
    audit: 'report.subscribe',
  }),
  'POST /rrp/report/subscription/delete': memberEndpoint({
    ...report,
    summary: 'Delete one of the caller’s report subscriptions',
    body: zReportSubscriptionDelete,
    response: zNull,
    audit: 'report.unsubscribe',
  }),
} as const;
