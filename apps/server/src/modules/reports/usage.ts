import { type SQL, sql } from 'drizzle-orm';
import { dayBucket, dayKey, inDays, type ReportWindow } from './window.js';

/**
 * The sums as float8: aggregating float8 is several times cheaper than the numeric that sum(bigint)
 * gives, keeps 50,000 groups within work_mem, and is exact up to 2^53, as far as the JSON numbers
 * the reports answer with are exact anyway.
 */
const SUMS = sql`sum(bytes::float8) AS bytes, sum(reports::float8) AS reports, sum(online_reports::float8) AS online_reports`;

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const firstOfNextMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

/**
 * Per device of the company, its bytes, reports and online reports in the window, as rows
 * `(device_id, bytes, reports, online_reports)`, devices without a row left out. Day periods (at
 * most 90 days) sum device_usage_daily. Month periods are whole calendar months from the 1st
 * (window.ts): they sum device_usage_monthly (12 rows a device instead of 365), less what the
 * last month's row holds after the window's last day: the roll-up adds today's reports to it,
 * while reports are T+1. Those days (today, none on the 1st) come from device_usage_daily, so the
 * figures equal the daily sums.
 */
export function deviceUsage(companyId: string, w: ReportWindow): SQL {
  if (w.granularity === 'day')
    return sql`SELECT device_id, ${SUMS} FROM device_usage_daily WHERE company_id = ${companyId} AND ${inDays(w)} GROUP BY device_id`;
  return sql`SELECT m.device_id, m.bytes - coalesce(t.bytes, 0) AS bytes, m.reports - coalesce(t.reports, 0) AS reports,
           m.online_reports - coalesce(t.online_reports, 0) AS online_reports
    FROM (SELECT device_id, ${SUMS} FROM device_usage_monthly
          WHERE company_id = ${companyId} AND month BETWEEN ${w.from}::date AND ${firstOfMonth(w.to)}::date GROUP BY device_id) m
    LEFT JOIN (SELECT device_id, ${SUMS} FROM device_usage_daily
               WHERE company_id = ${companyId} AND day > ${w.to}::date AND day < ${firstOfNextMonth(w.to)}::date GROUP BY device_id) t
      ON t.device_id = m.device_id`;
}

/** Per bucket, the bytes, reports and online reports of the given companies (company_usage_daily: a row a company and day). */
export const companyUsage = (companyIds: SQL, w: ReportWindow): SQL =>
  sql`SELECT ${dayBucket(w, sql`day`)} AS bucket, sum(bytes)::text AS bytes, sum(reports)::text AS reports, sum(online_reports)::text AS online
      FROM company_usage_daily WHERE company_id IN ${companyIds} AND ${inDays(w)} GROUP BY ${dayKey(w, sql`day`)}`;
