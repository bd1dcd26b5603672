/** The device API: reports from devices or gateways, signed with the company's device key. */
export const DEVICE_REPORT_PATH = '/api/v1/device/report';
export const DEVICE_REPORT_LIMITS = { reportsPerCall: 1_000, bytesPerReportMax: 1e12 } as const;
export const REPORT_REFUSALS = ['unknown_imei', 'inactive', 'bad_time'] as const;

/**
 * Network operators the platform knows, by PLMN code (MCC + MNC): a device row carries the code
 * alongside the name the network reported, and the console shows the name in its own language.
 */
export const NETWORK_OPERATOR_CODES = [
  '46000',
  '46001',
  '46011',
  '45400',
  '45406',
  '45403',
  '45412',
  '52501',
  '52003',
  '51010',
  '45204',
  '51502',
  '26202',
  '26201',
  '20801',
  '21407',
  '310410',
  '311480',
  '310260',
  '72405',
] as const;
export type NetworkOperatorCode = (typeof NETWORK_OPERATOR_CODES)[number];

/** Areas (province and city, or city) the platform knows: codes shown in the reader's language. */
export const AREA_CODES = [
  'cn-gd-shenzhen',
  'cn-gd-guangzhou',
  'cn-shanghai',
  'cn-beijing',
  'cn-zj-hangzhou',
  'cn-js-suzhou',
  'cn-sc-chengdu',
  'cn-hb-wuhan',
  'hk-island',
  'hk-kowloon',
  'hk-new-territories',
  'sg-singapore',
  'th-bangkok',
  'id-jakarta',
  'vn-ho-chi-minh-city',
  'ph-manila',
  'my-kuala-lumpur',
  'de-berlin',
  'de-munich',
  'fr-paris',
  'es-madrid',
  'nl-amsterdam',
  'it-milan',
  'us-california',
  'us-texas',
  'us-new-york',
  'ca-ontario',
  'br-sao-paulo',
  'mx-mexico-city',
] as const;
export type AreaCode = (typeof AREA_CODES)[number];
