import type { AreaCode, NetworkOperatorCode } from '@rrp/contracts';

/**
 * Network operators and areas the platform knows: each code with the name networks report
 * (stored on the device as reported). Readers see the name of the code in their own language;
 * a name the platform does not know has no code and is shown as reported.
 */
export const NETWORK_OPERATORS: readonly { code: NetworkOperatorCode; name: string }[] = [
  { code: '46000', name: 'China Mobile' },
  { code: '46001', name: 'China Unicom' },
  { code: '46011', name: 'China Telecom' },
  { code: '45400', name: 'CSL' },
  { code: '45406', name: 'SmarTone' },
  { code: '45403', name: '3 Hong Kong' },
  { code: '45412', name: 'China Mobile Hong Kong' },
  { code: '52501', name: 'Singtel' },
  { code: '52003', name: 'AIS' },
  { code: '51010', name: 'Telkomsel' },
  { code: '45204', name: 'Viettel' },
  { code: '51502', name: 'Globe Telecom' },
  { code: '26202', name: 'Vodafone' },
  { code: '26201', name: 'Deutsche Telekom' },
  { code: '20801', name: 'Orange' },
  { code: '21407', name: 'Telefónica' },
  { code: '310410', name: 'AT&T' },
  { code: '311480', name: 'Verizon' },
  { code: '310260', name: 'T-Mobile' },
  { code: '72405', name: 'Claro' },
];

export const AREAS: readonly { code: AreaCode; name: string }[] = [
  { code: 'cn-gd-shenzhen', name: 'Guangdong Shenzhen' },
  { code: 'cn-gd-guangzhou', name: 'Guangdong Guangzhou' },
  { code: 'cn-shanghai', name: 'Shanghai' },
  { code: 'cn-beijing', name: 'Beijing' },
  { code: 'cn-zj-hangzhou', name: 'Zhejiang Hangzhou' },
  { code: 'cn-js-suzhou', name: 'Jiangsu Suzhou' },
  { code: 'cn-sc-chengdu', name: 'Sichuan Chengdu' },
  { code: 'cn-hb-wuhan', name: 'Hubei Wuhan' },
  { code: 'hk-island', name: 'Hong Kong Island' },
  { code: 'hk-kowloon', name: 'Kowloon' },
  { code: 'hk-new-territories', name: 'New Territories' },
  { code: 'sg-singapore', name: 'Singapore' },
  { code: 'th-bangkok', name: 'Bangkok' },
  { code: 'id-jakarta', name: 'Jakarta' },
  { code: 'vn-ho-chi-minh-city', name: 'Ho Chi Minh City' },
  { code: 'ph-manila', name: 'Manila' },
  { code: 'my-kuala-lumpur', name: 'Kuala Lumpur' },
  { code: 'de-berlin', name: 'Berlin' },
  { code: 'de-munich', name: 'Munich' },
  { code: 'fr-paris', name: 'Paris' },
  { code: 'es-madrid', name: 'Madrid' },
  { code: 'nl-amsterdam', name: 'Amsterdam' },
  { code: 'it-milan', name: 'Milan' },
  { code: 'us-california', name: 'California' },
  { code: 'us-texas', name: 'Texas' },
  { code: 'us-new-york', name: 'New York' },
  { code: 'ca-ontario', name: 'Ontario' },
  { code: 'br-sao-paulo', name: 'São Paulo' },
  { code: 'mx-mexico-city', name: 'Mexico City' },
];

const key = (s: string) => s.normalize('NFC').trim().toLowerCase();
const operatorByName = new Map<string, NetworkOperatorCode>(NETWORK_OPERATORS.flatMap((o) => [[key(o.name), o.code] as const, [o.code, o.code] as const]));
const areaByName = new Map<string, AreaCode>(AREAS.flatMap((a) => [[key(a.name), a.code] as const, [a.code, a.code] as const]));

/** The code of an operator as a network reported it (its name or its PLMN code), or null when unknown. */
export const networkOperatorCode = (name: string | null | undefined): NetworkOperatorCode | null => (name ? (operatorByName.get(key(name)) ?? null) : null);

/** The code of an area as reported (its name or its code), or null when unknown. */
export const areaCode = (name: string | null | undefined): AreaCode | null => (name ? (areaByName.get(key(name)) ?? null) : null);

/** The operator's name as stored for a code. */
export const networkOperatorName = (code: NetworkOperatorCode): string => NETWORK_OPERATORS.find((o) => o.code === code)?.name ?? code;
export const areaName = (code: AreaCode): string => AREAS.find((a) => a.code === code)?.name ?? code;
