import { DOMAIN_RE, IMEI_RE, MONITORING_LIMITS } from '@rrp/contracts/constants';

/** Domains offered in the domain box; any other host name or IPv4 address may be typed. */
export const DOMAIN_SUGGESTIONS = ['www.baidu.com', 'www.qq.com', 'www.aliyun.com', '8.8.8.8', '114.114.114.114', 'www.google.com'];

/** The domain as the server keeps it (zDomain trims and lower-cases). */
export const normalizeDomain = (domain: string) => domain.trim().toLowerCase();

export const isImei = (imei: string | null | undefined): imei is string => !!imei && IMEI_RE.test(imei);

export const isDomain = (domain: string | null | undefined) => {
  if (!domain) return false;
  const d = normalizeDomain(domain);
  return d.length <= MONITORING_LIMITS.domainMax && DOMAIN_RE.test(d);
};
