import { PLATFORM_CAPABILITIES } from '@rrp/contracts';
import { z } from 'zod';
import {
  type Connector,
  ConnectorError,
  type ConnectorOptions,
  type InventoryCursor,
  type InventoryPage,
  type OneLinkCredentials,
  type PlatformSim,
  type SimState,
  type StateChange,
  type StateChangeAnswer,
  type UsageReading,
} from '../connector.js';
import { OneLinkClient } from './client.js';
import { eachLimited } from './each-limited.js';
import { OPER_TYPE, stateOf, TARGET_STATUS } from './status-map.js';
import { chinaStamp } from './transid.js';

export { ONELINK_CODES, OneLinkClient } from './client.js';
export { ONELINK_STATUS, stateOf } from './status-map.js';
export { makeTransid } from './transid.js';

/** Numbers in one batch call, the platform's limit. */
const BATCH = 100;
/** Rows in one page of a paged query, the platform's limit. */
const PAGE_SIZE = 50;
/** Single-card calls in flight at once (the platform has no batch status or IMEI query). */
const PARALLEL = 5;
/** An inventory page number is group index × this + the group's member page (from 1). */
const GROUP_STRIDE = 10_000;

const str = z.union([z.string(), z.number()]).transform(String);
const cardInfoRow = z.object({ status: str.optional(), message: z.string().nullish(), iccid: str.optional(), msisdn: str.nullish(), imsi: str.nullish() });
const statusRow = z.object({ cardStatus: str, lastChangeDate: z.string().nullish() });
const monthlyUsageRow = z.object({
  dataAmountList: z.array(z.object({ iccid: str, dataAmount: str })).nullish(),
});
const imeiRow = z.object({ imei: str.nullish() });
const groupsRow = z.object({ totalCount: str.optional(), groupList: z.array(z.object({ groupId: str })).nullish() });
const membersRow = z.object({ totalCount: str.optional(), memberList: z.array(z.object({ iccid: str, msisdn: str.nullish() })).nullish() });

/** `yyyy-MM-dd HH:mm:ss`, China time. */
function chinaDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const d = new Date(`${s.trim().replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

function mustState(status: string): SimState {
  const state = stateOf(status);
  if (!state) throw new ConnectorError('malformed', `unknown card status ${status}`, status);
  return state;
}

function atMostOneBatch(n: number) {
  if (n > BATCH) throw new ConnectorError('refused', `at most ${BATCH} cards a call, not ${n}`);
}

/** China Mobile OneLink (API v5) for one account (docs/connectors/onelink.md). */
export function createOneLinkConnector(opts: ConnectorOptions & { credentials: OneLinkCredentials }): Connector {
  const client = new OneLinkClient(opts);
  const now = opts.now ?? (() => new Date());

  /** The card's status, or null when the platform does not know it. */
  async function statusOf(iccid: string): Promise<{ status: string; lastChangeDate: string | null } | null> {
    try {
      const [row] = await client.call('/query/sim-status', { iccid }, statusRow);
      if (!row) throw new ConnectorError('malformed', 'sim-status answered no row');
      return { status: row.cardStatus, lastChangeDate: row.lastChangeDate ?? null };
    } catch (e) {
      if (e instanceof ConnectorError && e.kind === 'not_found') return null;
      throw e;
    }
  }

  /** The IMEI the card was last seen in (sim-imei), or null when the platform has none. */
  async function imeiOf(iccid: string): Promise<string | null> {
    try {
      const [row] = await client.call('/query/sim-imei', { iccid }, imeiRow);
      return row?.imei?.trim() || null;
    } catch (e) {
      if (e instanceof ConnectorError && e.kind === 'not_found') return null;
      throw e;
    }
  }

  /** The cards with their status (and IMEI when asked); a card the platform does not know is left out. */
  async function withStatus(cards: Array<{ iccid: string; msisdn: string | null; imsi: string | null }>, imei: boolean): Promise<PlatformSim[]> {
    const read = await eachLimited(cards, PARALLEL, async (c) => {
      const status = await statusOf(c.iccid);
      return status ? { status, imei: imei ? await imeiOf(c.iccid) : null } : null;
    });
    return cards.flatMap((c, i) => {
      const r = read[i];
      if (!r) return [];
      const { status, lastChangeDate } = r.status;
      return [
        {
          iccid: c.iccid,
          imsi: c.imsi,
          msisdn: c.msisdn,
          imei: r.imei,
          status,
          state: mustState(status),
          ratePlan: null,
          modifiedAt: chinaDate(lastChangeDate),
        },
      ];
    });
  }

  async function groups(): Promise<string[]> {
    const ids: string[] = [];
    for (let start = 1; ; start++) {
      const [row] = await client.call('/query/group-info', { startNum: String(start), pageSize: String(PAGE_SIZE) }, groupsRow);
      const list = row?.groupList ?? [];
      ids.push(...list.map((g) => g.groupId));
      const total = Number(row?.totalCount ?? ids.length);
      if (list.length < PAGE_SIZE || ids.length >= total) return ids;
    }
  }

  return {
    kind: 'onelink',
    capabilities: PLATFORM_CAPABILITIES.onelink,
    batchSize: BATCH,

    async testConnection() {
      const { ttl } = await client.fetchToken();
      return { message: `OneLink issued a token to appid ${client.appid}, valid for ${ttl} s`, detail: { appid: client.appid, ttlSeconds: ttl } };
    },

    /**
     * The customer's groups (群组) and their members, 50 a page: OneLink has no list of all the
     * customer's cards and no "changed since" list, so every sync reads the whole membership;
     * `since` is carried along unused. Members come without IMSI and IMEI (`complete: false`).
     */
    async inventoryPage(cursor: InventoryCursor): Promise<InventoryPage> {
      const ids = await groups();
      let group = Math.floor(Math.max(cursor.page, 1) / GROUP_STRIDE);
      let memberPage = Math.max(cursor.page, 1) % GROUP_STRIDE || 1;
      while (group < ids.length) {
        const [row] = await client.call('/query/group-member', { groupId: ids[group], startNum: String(memberPage), pageSize: String(PAGE_SIZE) }, membersRow);
        const members = row?.memberList ?? [];
        const total = Number(row?.totalCount ?? 0);
        const more = members.length === PAGE_SIZE && memberPage * PAGE_SIZE < total && memberPage + 1 < GROUP_STRIDE;
        const nextPage = more ? group * GROUP_STRIDE + memberPage + 1 : group + 1 < ids.length ? (group + 1) * GROUP_STRIDE + 1 : null;
        if (members.length > 0 || nextPage === null) {
          const sims = await withStatus(
            members.map((m) => ({ iccid: m.iccid, msisdn: m.msisdn ?? null, imsi: null })),
            false,
          );
          return { sims, complete: false, next: nextPage === null ? null : { since: cursor.since, page: nextPage } };
        }
        group += 1;
        memberPage = 1;
      }
      return { sims: [], complete: false, next: null };
    },

    async details(iccids: string[]): Promise<PlatformSim[]> {
      if (iccids.length === 0) return [];
      atMostOneBatch(iccids.length);
      const rows = await client.call('/query/sim-card-info/batch', { iccids: iccids.join('_') }, cardInfoRow);
      const known = rows.filter((r) => (r.status ?? '0') === '0' && r.iccid);
      return withStatus(
        known.map((r) => ({ iccid: r.iccid as string, msisdn: r.msisdn ?? null, imsi: r.imsi ?? null })),
        true,
      );
    },

    /** One `sim-data-usage-monthly/batch` call for this month (China time); cards the platform does not know are left out. */
    async usage(iccids: string[]): Promise<UsageReading[]> {
      if (iccids.length === 0) return [];
      atMostOneBatch(iccids.length);
      const stamp = chinaStamp(now());
      const queryDate = stamp.slice(0, 6);
      const cycleStart = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-01`;
      const asked = new Set(iccids);
      const [result] = await client.call('/query/sim-data-usage-monthly/batch', { iccids: iccids.join('_'), queryDate }, monthlyUsageRow);
      const readings: UsageReading[] = [];
      for (const row of result?.dataAmountList ?? []) {
        if (!asked.has(row.iccid)) continue;
        const kb = Number(row.dataAmount);
        if (row.dataAmount.trim() === '' || !Number.isFinite(kb) || kb < 0)
          throw new ConnectorError('malformed', `sim-data-usage-monthly/batch: dataAmount ${row.dataAmount} of ${row.iccid} is not a number of KB`);
        readings.push({ iccid: row.iccid, ctdBytes: Math.round(kb * 1024), cycleStart });
      }
      return readings;
    },

    /**
     * 停机 / 复机 (`change/sim-status`, operType 0 / 1). The platform has no idempotency key and
     * refuses to stop a stopped card, so the card's status is read first and a card already in the
     * asked state is answered as it is.
     */
    async changeState(iccid: string, to: StateChange, _idempotencyKey: string): Promise<StateChangeAnswer> {
      if (to === 'deactivate') throw new ConnectorError('refused', 'OneLink offers no cancellation through its API; it is done with China Mobile directly');
      const before = await statusOf(iccid);
      if (!before) throw new ConnectorError('not_found', `the platform does not know ${iccid}`);
      if (before.status === TARGET_STATUS[to]) {
        return {
          status: before.status,
          state: mustState(before.status),
          answer: { cardStatus: before.status, lastChangeDate: before.lastChangeDate, unchanged: true },
        };
      }
      const result = await client.call('/change/sim-status', { iccid, operType: OPER_TYPE[to] }, z.record(z.string(), z.unknown()));
      const after = await statusOf(iccid);
      if (!after) throw new ConnectorError('not_found', `the platform does not know ${iccid}`);
      return {
        status: after.status,
        state: mustState(after.status),
        answer: { operType: OPER_TYPE[to], result, cardStatus: after.status, lastChangeDate: after.lastChangeDate },
      };
    },
  };
}
