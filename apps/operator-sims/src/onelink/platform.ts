import { randomBytes } from 'node:crypto';
import type { FaultMode } from '../core/faults.js';
import type { Sim, SimFleet } from '../core/fleet.js';
import type { Platform, SimAnswer, SimRequest } from '../core/server.js';
import { BATCH_LIMIT, CODES, type Code, PAGE_LIMIT } from './codes.js';
import { chinaMonth, chinaTime, monthsBefore } from './dates.js';
import { renderPage } from './pages.js';

export type OneLinkPlatformOptions = {
  appid: string;
  password: string;
  tokenTtlSeconds: number;
  fleet: SimFleet;
  /** cards per customer group (群组) */
  groupSize: number;
  /** a card's status changes at least this far apart (the platform's 30 minutes; 0: no limit) */
  changeIntervalSeconds: number;
  now: () => number;
};

type Params = Record<string, string>;
type Group = { groupId: string; groupName: string; sims: Sim[] };

/** `change/sim-status` operType → [from, to] card status (CMIOT_API23S03). */
const OPER_TYPES: Record<string, [string, string]> = {
  '0': ['2', '4'],
  '1': ['4', '2'],
  '2': ['7', '2'],
  '3': ['6', '7'],
  '4': ['6', '1'],
  '5': ['6', '2'],
  '6': ['1', '2'],
  '8': ['1', '7'],
  '9': ['7', '1'],
};

/** The APN the simulated cards' data is reported under. */
const APN = 'CMIOT';

const answer = (code: Code, result: unknown[] = []): SimAnswer => ({ status: 200, json: { status: code.status, message: code.message, result } });
const ok = (result: unknown[]) => answer(CODES.ok, result);

function paramsOf(req: SimRequest): Params {
  const out: Params = {};
  for (const [k, v] of req.query) out[k] = v;
  if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
    for (const [k, v] of Object.entries(req.body)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * China Mobile OneLink (API v5, `/v5/ec/...`): token issue, card queries, status changes and the
 * customer's groups, over the seeded fleet. Calls are GET with a query string or POST with a JSON
 * body, as the public clients make them; every answer is `{status, message, result: []}`.
 */
export class OneLinkPlatform implements Platform {
  readonly service = 'onelink-sim';
  /** token → when it expires (ms) */
  private readonly tokens = new Map<string, number>();
  /** transid → when it was seen (ms) */
  private readonly transids = new Map<string, number>();
  private readonly byMsisdn = new Map<string, Sim>();
  private readonly byImsi = new Map<string, Sim>();
  /** iccid → when its status was last changed through a call (ms) */
  private readonly lastChange = new Map<string, number>();
  readonly groups: Group[] = [];
  private readonly transidPattern: RegExp;

  constructor(private readonly opts: OneLinkPlatformOptions) {
    for (const sim of opts.fleet.sims) {
      this.byMsisdn.set(sim.msisdn, sim);
      this.byImsi.set(sim.imsi, sim);
    }
    for (let i = 0; i * opts.groupSize < opts.fleet.sims.length; i++) {
      this.groups.push({
        groupId: `88${String(i + 1).padStart(8, '0')}`,
        groupName: `物联网群组${i + 1}`,
        sims: opts.fleet.sims.slice(i * opts.groupSize, (i + 1) * opts.groupSize),
      });
    }
    this.transidPattern = new RegExp(`^${escapeRegExp(opts.appid)}(\\d{4})(\\d{2})(\\d{2})(\\d{2})(\\d{2})(\\d{2})\\d{8}$`);
  }

  /** Every token issued so far is expired from now on. */
  expireTokens(): void {
    this.tokens.clear();
  }

  get tokenCount(): number {
    const now = this.opts.now();
    return [...this.tokens.values()].filter((at) => at > now).length;
  }

  api(req: SimRequest): SimAnswer | null {
    if (!req.path.startsWith('/v5/ec/')) return null;
    const route = req.path.slice('/v5/ec'.length);
    const p = paramsOf(req);
    if (route === '/get/token') return this.issueToken(p);
    const handler = this.routes[route];
    if (!handler) return null;
    const refused = this.checkTransid(p.transid);
    if (refused) return refused;
    if (!this.tokenValid(p.token)) return answer(CODES.tokenExpired);
    return handler(p);
  }

  faultAnswer(mode: Exclude<FaultMode, 'timeout' | 'down' | 'malformed'>, req: SimRequest): SimAnswer {
    const tokenCall = req.path === '/v5/ec/get/token';
    switch (mode) {
      case 'error500':
        return {
          status: 500,
          raw: '<html><head><title>500 Internal Server Error</title></head><body>500 Internal Server Error</body></html>',
          contentType: 'text/html',
        };
      case 'rate_limit':
        return answer(CODES.rateLimited);
      case 'refuse_credentials':
        this.expireTokens();
        return answer(tokenCall ? CODES.badCredentials : CODES.tokenExpired);
      case 'expire_tokens':
        this.expireTokens();
        return tokenCall ? (this.api(req) ?? answer(CODES.badParameter)) : answer(CODES.tokenExpired);
    }
  }

  page(req: SimRequest): SimAnswer | null {
    return renderPage(req, this);
  }

  save(): unknown {
    return { changes: this.opts.fleet.changes() };
  }

  restore(state: unknown): void {
    const changes = (state as { changes?: unknown } | null)?.changes;
    if (Array.isArray(changes)) this.opts.fleet.restore(changes);
  }

  describe(): Record<string, unknown> {
    return { appid: this.opts.appid, sims: this.opts.fleet.sims.length, groups: this.groups.length, tokens: this.tokenCount };
  }

  get fleet(): SimFleet {
    return this.opts.fleet;
  }

  /** The status change an operator makes on the platform's own pages (the same rules as the API). */
  change(sim: Sim, operType: string): Code {
    const rule = OPER_TYPES[operType];
    if (!rule) return CODES.badParameter;
    if (sim.status !== rule[0]) return CODES.stateNotAllowed;
    const now = this.opts.now();
    const last = this.lastChange.get(sim.iccid);
    if (last !== undefined && now - last < this.opts.changeIntervalSeconds * 1000) return CODES.changedRecently;
    this.opts.fleet.setStatus(sim, rule[1], now);
    this.lastChange.set(sim.iccid, now);
    return CODES.ok;
  }

  findCard(key: string): Sim | undefined {
    return this.opts.fleet.get(key) ?? this.byMsisdn.get(key) ?? this.byImsi.get(key);
  }

  private issueToken(p: Params): SimAnswer {
    if (!p.appid || !p.password || !p.transid) return answer(CODES.badParameter);
    if (p.appid !== this.opts.appid || p.password !== this.opts.password) return answer(CODES.badCredentials);
    const refused = this.checkTransid(p.transid);
    if (refused) return refused;
    const token = randomBytes(32).toString('hex');
    this.tokens.set(token, this.opts.now() + this.opts.tokenTtlSeconds * 1000);
    return ok([{ token, ttl: String(this.opts.tokenTtlSeconds) }]);
  }

  private tokenValid(token: string | undefined): boolean {
    if (!token) return false;
    const until = this.tokens.get(token);
    if (until === undefined) return false;
    if (until <= this.opts.now()) {
      this.tokens.delete(token);
      return false;
    }
    return true;
  }

  /** appid + yyyyMMddHHmmss + 8 digits, each used once. */
  private checkTransid(transid: string | undefined): SimAnswer | null {
    if (!transid) return answer(CODES.badParameter);
    const m = this.transidPattern.exec(transid);
    if (!m) return answer(CODES.badTransid);
    const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6]].map(Number);
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return answer(CODES.badTransid);
    if (this.transids.has(transid)) return answer(CODES.repeatedTransid);
    const now = this.opts.now();
    if (this.transids.size >= 200_000) {
      for (const [t, at] of this.transids) if (at < now - 86_400_000) this.transids.delete(t);
    }
    this.transids.set(transid, now);
    return null;
  }

  /** The one card a single-card call names by msisdn, iccid or imsi. */
  private card(p: Params): { sim: Sim; key: 'msisdn' | 'iccid' | 'imsi' } | Code {
    const keys = (['msisdn', 'iccid', 'imsi'] as const).filter((k) => p[k]);
    if (keys.length !== 1) return CODES.badParameter;
    const key = keys[0];
    const sim = this.lookup(key, p[key]);
    return sim ? { sim, key } : CODES.unknownCard;
  }

  private single(p: Params, result: (sim: Sim, key: 'msisdn' | 'iccid' | 'imsi') => Record<string, unknown>): SimAnswer {
    const c = this.card(p);
    return 'status' in c ? answer(c) : ok([result(c.sim, c.key)]);
  }

  /** The numbers a batch call names: one of msisdns, iccids, imsis, joined by `_`, at most 100. */
  private batch(p: Params): { field: 'msisdn' | 'iccid' | 'imsi'; numbers: string[] } | Code {
    const keys = (['msisdns', 'iccids', 'imsis'] as const).filter((k) => p[k]);
    if (keys.length !== 1) return CODES.badParameter;
    const numbers = p[keys[0]].split('_').filter(Boolean);
    if (numbers.length === 0) return CODES.badParameter;
    if (numbers.length > BATCH_LIMIT) return CODES.tooManyNumbers;
    return { field: keys[0].slice(0, -1) as 'msisdn' | 'iccid' | 'imsi', numbers };
  }

  private lookup(field: 'msisdn' | 'iccid' | 'imsi', n: string): Sim | undefined {
    return field === 'iccid' ? this.opts.fleet.get(n) : field === 'msisdn' ? this.byMsisdn.get(n) : this.byImsi.get(n);
  }

  private paging(p: Params): { start: number; size: number } | null {
    const start = Number(p.startNum ?? '1');
    const size = Number(p.pageSize ?? String(PAGE_LIMIT));
    if (!Number.isInteger(start) || start < 1 || !Number.isInteger(size) || size < 1 || size > PAGE_LIMIT) return null;
    return { start, size };
  }

  private readonly routes: Record<string, (p: Params) => SimAnswer> = {
    // CMIOT_API23S00
    '/query/sim-basic-info': (p) =>
      this.single(p, (sim) => ({ msisdn: sim.msisdn, imsi: sim.imsi, iccid: sim.iccid, activeDate: chinaTime(sim.addedAt), openDate: chinaTime(sim.addedAt) })),
    // CMIOT_API25S04
    '/query/sim-status': (p) => this.single(p, (sim) => ({ cardStatus: sim.status, lastChangeDate: chinaTime(sim.modifiedAt) })),
    // CMIOT_API23S04
    '/query/sim-imei': (p) => this.single(p, (sim) => ({ imei: sim.imei })),
    // CMIOT_API25U04: this month's data, in KB
    '/query/sim-data-usage': (p) => this.single(p, (sim) => ({ dataAmount: (this.opts.fleet.usageOf(sim, this.opts.now()) / 1024).toFixed(2) })),
    // CMIOT_API25S05: msisdns, iccids or imsis, joined by `_`, at most 100
    '/query/sim-card-info/batch': (p) => {
      const b = this.batch(p);
      if ('status' in b) return answer(b);
      return ok(
        b.numbers.map((n) => {
          const sim = this.lookup(b.field, n);
          if (!sim) return { status: CODES.unknownCard.status, message: CODES.unknownCard.message, [b.field]: n };
          return { status: CODES.ok.status, message: CODES.ok.message, msisdn: sim.msisdn, iccid: sim.iccid, imsi: sim.imsi };
        }),
      );
    },
    // CMIOT_API25U03: one month's data (queryDate yyyyMM, one of the last six) of up to 100 cards, in KB.
    // Only the current month is kept: an earlier month answers 0. Cards the platform does not know are left out.
    '/query/sim-data-usage-monthly/batch': (p) => {
      const now = this.opts.now();
      const current = chinaMonth(now);
      const month = p.queryDate ?? '';
      if (!/^\d{4}(0[1-9]|1[0-2])$/.test(month) || month > current || month < monthsBefore(current, 5)) return answer(CODES.badParameter);
      const b = this.batch(p);
      if ('status' in b) return answer(b);
      const rows = [];
      for (const n of b.numbers) {
        const sim = this.lookup(b.field, n);
        if (!sim) continue;
        const kb = month === current ? (this.opts.fleet.usageOf(sim, now) / 1024).toFixed(2) : '0';
        rows.push(
          Number(kb) > 0 ? { [b.field]: n, dataAmount: kb, apnDataAmountList: [{ apnName: APN, apnDataAmount: kb }] } : { [b.field]: n, dataAmount: kb },
        );
      }
      return ok([{ deadLine: chinaTime(now), dataAmountList: rows }]);
    },
    // CMIOT_API23S03: 0 停机 (2→4), 1 复机 (4→2), and the activation moves
    '/change/sim-status': (p) => {
      const c = this.card(p);
      if ('status' in c) return answer(c);
      const code = this.change(c.sim, p.operType ?? '');
      return code === CODES.ok ? ok([{ [c.key]: p[c.key] }]) : answer(code);
    },
    // CMIOT_API23E06: the customer's groups, paged
    '/query/group-info': (p) => {
      const page = this.paging(p);
      if (!page) return answer(CODES.badParameter);
      const rows = this.groups.slice((page.start - 1) * page.size, page.start * page.size);
      return ok([{ totalCount: String(this.groups.length), groupList: rows.map(({ groupId, groupName }) => ({ groupId, groupName })) }]);
    },
    // CMIOT_API23E01: a group's members, paged
    '/query/group-member': (p) => {
      const page = this.paging(p);
      const group = this.groups.find((g) => g.groupId === p.groupId);
      if (!page || !group) return answer(CODES.badParameter);
      const rows = group.sims.slice((page.start - 1) * page.size, page.start * page.size);
      return ok([{ totalCount: String(group.sims.length), memberList: rows.map((s) => ({ msisdn: s.msisdn, iccid: s.iccid })) }]);
    },
  };
}
