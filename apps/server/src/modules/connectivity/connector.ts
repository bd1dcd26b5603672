/**
 * The one interface every operator platform implements (docs/connectors.md). A connector speaks
 * its platform's wire protocol for one account; the sync engine and the command router use it
 * and never see a platform's paths or envelopes.
 */

import type { Capability, ProviderKind } from '@rrp/contracts';

export type { Capability, ProviderKind };

/** Our reading of a platform's SIM status value. */
export type SimState = 'active' | 'suspended' | 'ready' | 'inventory' | 'deactivated' | 'retired';

/** A SIM as the platform tells it. Fields the call did not carry are null. */
export type PlatformSim = {
  iccid: string;
  imsi: string | null;
  msisdn: string | null;
  imei: string | null;
  /** the platform's status value as it spells it (Control Center `ACTIVATED`, OneLink `2`, …) */
  status: string;
  state: SimState;
  ratePlan: string | null;
  /** when the platform last changed it, if it says */
  modifiedAt: Date | null;
};

/** Where an inventory sync stands: SIMs modified since `since` (all when null), the next page to read. */
export type InventoryCursor = { since: string | null; page: number };
export type InventoryPage = {
  sims: PlatformSim[];
  /** whether the page's SIMs carry IMSI, MSISDN and IMEI; when not, `details` fetches them */
  complete: boolean;
  /** null: this was the last page */
  next: InventoryCursor | null;
};

/** A cycle-to-date usage reading: bytes since the billing cycle began. */
export type UsageReading = { iccid: string; ctdBytes: number /** yyyy-mm-dd, when the platform says */; cycleStart: string | null };

export type StateChange = 'suspend' | 'resume' | 'deactivate';
/** What the platform answered to a state change, kept in the device's operation log. */
export type StateChangeAnswer = { status: string; state: SimState; answer: Record<string, unknown> };

export type ConnectorErrorKind =
  /** credentials refused: the account goes to "authentication failed", no retries */
  | 'auth'
  /** connection refused, reset or DNS: retried with backoff, counts toward the circuit breaker */
  | 'unreachable'
  | 'timeout'
  /** 429 or the platform's own rate-limit answer: retried after `retryAfterMs` or backoff */
  | 'rate_limited'
  /** 5xx */
  | 'server'
  /** an answer that is not the documented format */
  | 'malformed'
  /** the platform does not know the SIM */
  | 'not_found'
  /** the platform refused the request itself (an invalid state change, a bad parameter) */
  | 'refused';

export const RETRYABLE: ReadonlySet<ConnectorErrorKind> = new Set(['unreachable', 'timeout', 'rate_limited', 'server', 'malformed']);

/** A failed call, with the platform's own code and message kept for staff (never shown to customers). */
export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    /** the platform's message, or ours when it gave none */
    readonly platformMessage: string,
    readonly platformCode: string | null = null,
    readonly httpStatus: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(`${kind}: ${platformMessage}`);
    this.name = 'ConnectorError';
  }
  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

export type CiscoCredentials = { kind: 'cisco_cc'; username: string; apiKey: string };
export type OneLinkCredentials = { kind: 'onelink'; appid: string; password: string };
export type Credentials = CiscoCredentials | OneLinkCredentials;

export type ConnectorOptions = {
  baseUrl: string;
  /** per call (default 15 s) */
  timeoutMs?: number;
  /** calls of the account start at least this far apart (default: the platform's own guidance) */
  minCallSpacingMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
};

export interface Connector {
  readonly kind: Exclude<ProviderKind, 'simulated'>;
  /** PLATFORM_CAPABILITIES[kind] (contracts): what the console offers for its devices */
  readonly capabilities: readonly Capability[];
  /** SIMs per `usage` or `details` call at most */
  readonly batchSize: number;
  /** One real, read-only call that proves the address and credentials; what the platform said. */
  testConnection(): Promise<{ message: string; detail: Record<string, unknown> }>;
  /** One page of the inventory. */
  inventoryPage(cursor: InventoryCursor): Promise<InventoryPage>;
  /** Full records of these SIMs (at most `batchSize`); an ICCID the platform does not know is left out. */
  details(iccids: string[]): Promise<PlatformSim[]>;
  /** Cycle-to-date usage of these SIMs (at most `batchSize`). */
  usage(iccids: string[]): Promise<UsageReading[]>;
  /** Changes a SIM's state; applying a state it already has answers that state again. */
  changeState(iccid: string, to: StateChange, idempotencyKey: string): Promise<StateChangeAnswer>;
}
