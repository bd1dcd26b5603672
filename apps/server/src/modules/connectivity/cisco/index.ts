/**
 * The Cisco IoT Control Center connector (REST API v1; docs/connectors/cisco-control-center.md):
 * Search Devices for the inventory, Get Device Details and Get Device Usage per SIM, Edit Device
 * Details for state changes.
 */
import { PLATFORM_CAPABILITIES } from '@rrp/contracts';
import {
  type CiscoCredentials,
  type Connector,
  ConnectorError,
  type ConnectorOptions,
  type InventoryCursor,
  type PlatformSim,
  type StateChange,
  type UsageReading,
} from '../connector.js';
import { CcClient } from './client.js';
import { CHANGE_STATUS, stateOf } from './statuses.js';
import { deviceDetailsAnswer, deviceUsageAnswer, editDeviceAnswer, parseCcDate, searchDevicesAnswer } from './wire.js';

/** Search Devices requires `modifiedSince`; a full inventory asks from this time. */
export const FULL_INVENTORY_SINCE = '2000-01-01T00:00:00+00:00';
const PAGE_SIZE = 50;

/** An instant as Control Center wants `modifiedSince`: ISO 8601 with an offset, whole seconds. */
function modifiedSince(since: string | null): string {
  if (since === null) return FULL_INVENTORY_SINCE;
  const d = new Date(since);
  if (Number.isNaN(d.getTime())) throw new ConnectorError('refused', `not a date: ${since}`);
  return `${d.toISOString().slice(0, 19)}+00:00`;
}

function known(status: string) {
  const state = stateOf(status);
  if (!state) throw new ConnectorError('malformed', `unknown SIM status value ${status}`);
  return state;
}

export { CHANGE_STATUS, STATUS_STATES } from './statuses.js';

export function createCiscoConnector(opts: ConnectorOptions & { credentials: CiscoCredentials }): Connector {
  const { username } = opts.credentials;
  const client = new CcClient({ ...opts, username, apiKey: opts.credentials.apiKey });
  const device = (iccid: string) => `/devices/${encodeURIComponent(iccid)}`;

  /** Runs `read` for each ICCID in turn, leaving out those Control Center does not know. */
  async function each<T>(iccids: string[], read: (iccid: string) => Promise<T>): Promise<T[]> {
    const out: T[] = [];
    for (const iccid of iccids) {
      try {
        out.push(await read(iccid));
      } catch (e) {
        if (!(e instanceof ConnectorError && e.kind === 'not_found')) throw e;
      }
    }
    return out;
  }

  return {
    kind: 'cisco_cc',
    capabilities: PLATFORM_CAPABILITIES.cisco_cc,
    batchSize: 50,

    async testConnection() {
      const { data } = await client.call('GET', `/devices?modifiedSince=${encodeURIComponent(FULL_INVENTORY_SINCE)}&pageSize=1`, searchDevicesAnswer);
      const first = data.devices[0];
      const message = first
        ? `Control Center accepted the API key of ${username}: Search Devices answered device ${first.iccid} (${first.status}).`
        : `Control Center accepted the API key of ${username}: Search Devices answered no devices.`;
      return { message, detail: { pageNumber: data.pageNumber, lastPage: data.lastPage, devices: data.devices } };
    },

    async inventoryPage(cursor: InventoryCursor) {
      const page = Math.max(1, Math.floor(cursor.page) || 1);
      const query = new URLSearchParams({ modifiedSince: modifiedSince(cursor.since), pageSize: String(PAGE_SIZE), pageNumber: String(page) });
      const { data } = await client.call('GET', `/devices?${query}`, searchDevicesAnswer);
      const sims: PlatformSim[] = data.devices.map((d) => ({
        iccid: d.iccid,
        imsi: null,
        msisdn: null,
        imei: null,
        status: d.status,
        state: known(d.status),
        ratePlan: d.ratePlan ?? null,
        modifiedAt: null,
      }));
      return { sims, complete: false, next: data.lastPage ? null : { since: cursor.since, page: page + 1 } };
    },

    details: (iccids) =>
      each(iccids, async (iccid) => {
        const { data } = await client.call('GET', device(iccid), deviceDetailsAnswer);
        return {
          iccid: data.iccid,
          imsi: data.imsi || null,
          msisdn: data.msisdn || null,
          imei: data.imei || null,
          status: data.status,
          state: known(data.status),
          ratePlan: data.ratePlan || null,
          modifiedAt: parseCcDate(data.dateUpdated),
        };
      }),

    usage: (iccids) =>
      each(iccids, async (iccid): Promise<UsageReading> => {
        const { data } = await client.call('GET', `${device(iccid)}/ctdUsages`, deviceUsageAnswer);
        // Get Device Usage does not say when the cycle began
        return { iccid: data.iccid, ctdBytes: data.ctdDataUsage, cycleStart: null };
      }),

    // Control Center has no idempotency key; setting a status is idempotent in itself.
    async changeState(iccid: string, to: StateChange, _idempotencyKey: string) {
      const status = CHANGE_STATUS[to];
      try {
        const { raw } = await client.call('PUT', device(iccid), editDeviceAnswer, { status });
        return { status, state: known(status), answer: raw };
      } catch (e) {
        // a platform that refuses a change to the status a SIM already has: that is success
        if (!(e instanceof ConnectorError && e.kind === 'refused')) throw e;
        const { data, raw } = await client.call('GET', device(iccid), deviceDetailsAnswer);
        if (data.status !== status) throw e;
        return { status, state: known(status), answer: { refused: { errorCode: e.platformCode, errorMessage: e.platformMessage }, device: raw } };
      }
    },
  };
}
