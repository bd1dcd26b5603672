import { z } from 'zod';

/**
 * The answers of the Control Center REST API v1 calls the connector makes, as documented; fields
 * it does not use are let through unchecked.
 */
const text = z.string().nullish();

export const errorBody = z.object({ errorCode: z.union([z.string(), z.number()]).nullish(), errorMessage: z.string().nullish() });

export const searchDevicesAnswer = z.object({
  devices: z.array(z.object({ iccid: z.string().min(1), status: z.string().min(1), ratePlan: text, communicationPlan: text })),
  pageNumber: z.number().int(),
  lastPage: z.boolean(),
});

export const deviceDetailsAnswer = z.object({
  iccid: z.string().min(1),
  imsi: text,
  msisdn: text,
  imei: text,
  status: z.string().min(1),
  ratePlan: text,
  communicationPlan: text,
  dateUpdated: text,
});

const count = z.union([z.number().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

export const deviceUsageAnswer = z.object({ iccid: z.string().min(1), ctdDataUsage: count });

export const editDeviceAnswer = z.object({ iccid: z.string().min(1) });

/** Control Center's answer dates, `2016-06-27 18:31:20.000+0000`; ISO 8601 is read too. Null when absent or unreadable. */
export function parseCcDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(s.trim());
  if (!m) return null;
  const zone = !m[3] || m[3] === 'Z' ? 'Z' : `${m[3].slice(0, 3)}:${m[3].slice(-2)}`;
  const d = new Date(`${m[1]}T${m[2]}${zone}`);
  return Number.isNaN(d.getTime()) ? null : d;
}
