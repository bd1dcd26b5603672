/** The device API: reports from devices or gateways, signed with the company's device key. */
export const DEVICE_REPORT_PATH = '/api/v1/device/report';
export const DEVICE_REPORT_LIMITS = { reportsPerCall: 1_000, bytesPerReportMax: 1e12 } as const;
export const REPORT_REFUSALS = ['unknown_imei', 'inactive', 'bad_time'] as const;
