import type { SimAnswer, SimRequest } from '../core/server.js';
import { parseIso8601 } from './dates.js';
import { CC_ERRORS, ccError } from './errors.js';
import type { CcAccount } from './platform.js';
import { isCcStatus, isFinal } from './statuses.js';

const MAX_PAGE_SIZE = 50;
const MAX_SCHEDULE_MS = 180 * 86_400_000;
const SEARCH_PARAMS = new Set(['modifiedSince', 'status', 'pageSize', 'pageNumber', 'accountId']);
const EDIT_FIELDS = new Set(['status', 'effectiveDate', 'ratePlan', 'communicationPlan', 'customer', 'deviceID', 'modemID', 'overageLimitOverride']);

const ok = (json: unknown): SimAnswer => ({ status: 200, json });

/** A positive whole number from a query parameter; undefined when absent; null when invalid. */
function intParam(q: URLSearchParams, name: string): number | null | undefined {
  const raw = q.get(name);
  if (raw === null) return undefined;
  return /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : null;
}

/** Search Devices: the SIMs modified since a time, oldest change first, a page at a time. */
function searchDevices(account: CcAccount, q: URLSearchParams): SimAnswer {
  for (const k of q.keys()) if (!SEARCH_PARAMS.has(k)) return ccError(CC_ERRORS.invalidRequest);
  const rawSince = q.get('modifiedSince');
  if (rawSince === null || rawSince === '') return ccError(CC_ERRORS.modifiedSinceRequired);
  const since = parseIso8601(rawSince);
  if (since === null) return ccError(CC_ERRORS.invalidModifiedSince);
  const status = q.get('status');
  if (status !== null && !isCcStatus(status)) return ccError(CC_ERRORS.invalidStatus);
  const pageSize = intParam(q, 'pageSize');
  if (pageSize === null || (pageSize !== undefined && pageSize > MAX_PAGE_SIZE)) return ccError(CC_ERRORS.invalidPageSize);
  const pageNumber = intParam(q, 'pageNumber');
  if (pageNumber === null) return ccError(CC_ERRORS.invalidPageNumber);
  const size = pageSize ?? MAX_PAGE_SIZE;
  const page = pageNumber ?? 1;
  let sims = account.fleet.modifiedSince(since);
  if (status !== null) sims = sims.filter((s) => s.status === status);
  const slice = sims.slice((page - 1) * size, page * size);
  return ok({
    devices: slice.map((s) => ({ iccid: s.iccid, status: s.status, ratePlan: s.ratePlan, communicationPlan: account.communicationPlanOf(s) })),
    pageNumber: page,
    lastPage: page * size >= sims.length,
  });
}

/** Edit Device Details, for the SIM status (other fields are accepted and left as they are). */
function editDevice(account: CcAccount, iccid: string, req: SimRequest): SimAnswer {
  const sim = account.fleet.get(iccid);
  if (!sim) return ccError(CC_ERRORS.invalidIccid);
  const body = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) return ccError(CC_ERRORS.jsonNotWellFormed);
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) if (!EDIT_FIELDS.has(k)) return ccError(CC_ERRORS.invalidRequest);
  if (b.status === undefined) return ccError(CC_ERRORS.invalidRequest);
  if (!isCcStatus(b.status)) return ccError(CC_ERRORS.invalidStatus);
  let at: number | null = null;
  if (b.effectiveDate !== undefined && b.effectiveDate !== null) {
    at = typeof b.effectiveDate === 'string' ? parseIso8601(b.effectiveDate) : null;
    if (at === null || at > account.now() + MAX_SCHEDULE_MS) return ccError(CC_ERRORS.invalidEffectiveDate);
  }
  if (isFinal(sim.status) && b.status !== sim.status) return ccError(CC_ERRORS.statusChangeNotAllowed);
  account.change(sim, b.status, at);
  return ok({ iccid: sim.iccid });
}

/**
 * The REST API under /rws/api/v{apiVersion}/ (authentication already checked): Search Devices,
 * Get Device Details, Edit Device Details and Get Device Usage. Null: no such resource.
 */
export function ccApi(account: CcAccount, req: SimRequest): SimAnswer | null {
  const m = /^\/rws\/api\/v([^/]+)(\/.*)$/.exec(req.path);
  if (!m) return null;
  if (m[1] !== '1') return ccError(CC_ERRORS.invalidApiVersion);
  const rest = m[2];
  account.applyDue();
  if (rest === '/devices' && req.method === 'GET') return searchDevices(account, req.query);
  const one = /^\/devices\/([^/]+)(\/ctdUsages)?$/.exec(rest);
  if (!one) return null;
  const iccid = decodeURIComponent(one[1]);
  if (one[2]) {
    if (req.method !== 'GET') return null;
    const sim = account.fleet.get(iccid);
    return sim ? ok(account.ctdUsages(sim)) : ccError(CC_ERRORS.invalidIccid);
  }
  if (req.method === 'GET') {
    const sim = account.fleet.get(iccid);
    return sim ? ok(account.details(sim)) : ccError(CC_ERRORS.invalidIccid);
  }
  if (req.method === 'PUT') return editDevice(account, iccid, req);
  return null;
}
