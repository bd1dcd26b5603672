import type { AreaCode, NetworkOperatorCode, Region } from '@rrp/contracts';

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

/**
 * Each area with the region (REGIONS, a device's home region) it lies in: usage reported from an
 * area of another region than the device's is roaming (the roll-up counts it, the monthly bill
 * charges it). The roll-up's SQL mapping is generated from this list (AREA_REGION_KEYS).
 */
export const AREAS: readonly { code: AreaCode; name: string; region: Region }[] = [
  { code: 'cn-gd-shenzhen', name: 'Guangdong Shenzhen', region: 'china_mainland' },
  { code: 'cn-gd-guangzhou', name: 'Guangdong Guangzhou', region: 'china_mainland' },
  { code: 'cn-shanghai', name: 'Shanghai', region: 'china_mainland' },
  { code: 'cn-beijing', name: 'Beijing', region: 'china_mainland' },
  { code: 'cn-zj-hangzhou', name: 'Zhejiang Hangzhou', region: 'china_mainland' },
  { code: 'cn-js-suzhou', name: 'Jiangsu Suzhou', region: 'china_mainland' },
  { code: 'cn-sc-chengdu', name: 'Sichuan Chengdu', region: 'china_mainland' },
  { code: 'cn-hb-wuhan', name: 'Hubei Wuhan', region: 'china_mainland' },
  { code: 'hk-island', name: 'Hong Kong Island', region: 'hong_kong' },
  { code: 'hk-kowloon', name: 'Kowloon', region: 'hong_kong' },
  { code: 'hk-new-territories', name: 'New Territories', region: 'hong_kong' },
  { code: 'sg-singapore', name: 'Singapore', region: 'southeast_asia' },
  { code: 'th-bangkok', name: 'Bangkok', region: 'southeast_asia' },
  { code: 'id-jakarta', name: 'Jakarta', region: 'southeast_asia' },
  { code: 'vn-ho-chi-minh-city', name: 'Ho Chi Minh City', region: 'southeast_asia' },
  { code: 'ph-manila', name: 'Manila', region: 'southeast_asia' },
  { code: 'my-kuala-lumpur', name: 'Kuala Lumpur', region: 'southeast_asia' },
  { code: 'de-berlin', name: 'Berlin', region: 'europe' },
  { code: 'de-munich', name: 'Munich', region: 'europe' },
  { code: 'fr-paris', name: 'Paris', region: 'europe' },
  { code: 'es-madrid', name: 'Madrid', region: 'europe' },
  { code: 'nl-amsterdam', name: 'Amsterdam', region: 'europe' },
  { code: 'it-milan', name: 'Milan', region: 'europe' },
  { code: 'us-california', name: 'California', region: 'americas' },
  { code: 'us-texas', name: 'Texas', region: 'americas' },
  { code: 'us-new-york', name: 'New York', region: 'americas' },
  { code: 'ca-ontario', name: 'Ontario', region: 'americas' },
  { code: 'br-sao-paulo', name: 'São Paulo', region: 'americas' },
  { code: 'mx-mexico-city', name: 'Mexico City', region: 'americas' },
];

const key = (s: string) => s.normalize('NFC').trim().toLowerCase();
const operatorByName = new Map<string, NetworkOperatorCode>(NETWORK_OPERATORS.flatMap((o) => [[key(o.name), o.code] as const, [o.code, o.code] as const]));
const areaByName = new Map<string, AreaCode>(AREAS.flatMap((a) => [[key(a.name), a.code] as const, [a.code, a.code] as const]));

/**
 * Every way an area is reported (its code and its name, lower case as SQL's `lower(btrim(area))`
 * reads them) with the area's region: what the roll-up's area → region CASE is generated from.
 */
export const AREA_REGION_KEYS: readonly (readonly [string, Region])[] = [
  ...new Map<string, Region>(AREAS.flatMap((a) => [[key(a.code), a.region] as const, [key(a.name), a.region] as const])),
];

/** The code of an operator as a network reported it (its name or its PLMN code), or null when unknown. */
export const networkOperatorCode = (name: string | null | undefined): NetworkOperatorCode | null => (name ? (operatorByName.get(key(name)) ?? null) : null);

/** The code of an area as reported (its name or its code), or null when unknown. */
export const areaCode = (name: string | null | undefined): AreaCode | null => (name ? (areaByName.get(key(name)) ?? null) : null);

/** The operator's name as stored for a code. */
export const networkOperatorName = (code: NetworkOperatorCode): string => NETWORK_OPERATORS.find((o) => o.code === code)?.name ?? code;
export const areaName = (code: AreaCode): string => AREAS.find((a) => a.code === code)?.name ?? code;
